package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tendays/tendays/internal/testenv"
)

// startLAN runs `tendays serve TARGET --lan --addr :0` in-process (inside
// the test's own network namespace) and returns the served URL and the
// join link, its first two lines.
func startLAN(t *testing.T, target string) (served, join string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	stderr := &lockedBuffer{}
	opts := &serveOptions{IO: &IOStreams{In: strings.NewReader(""), Out: pw, ErrOut: stderr}, Global: &globalOptions{},
		Target: target, Addr: ":0", addrSet: true, LAN: true}
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, opts); pw.Close() }()
	rd := bufio.NewReader(pr)
	first, err1 := rd.ReadString('\n')
	second, err2 := rd.ReadString('\n')
	if err1 != nil || err2 != nil {
		cancel()
		t.Fatalf("serve %s --lan: lines %q %q (%v %v); stderr: %s", target, first, second, err1, err2, stderr.String())
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve %s: %v", target, err)
		}
	})
	served, ok := strings.CutPrefix(strings.TrimSpace(first), "serving ")
	if !ok || !strings.HasPrefix(served, "http://"+testenv.LANAddress+":") {
		t.Fatalf("first line %q, want serving http://%s:PORT/", first, testenv.LANAddress)
	}
	join, ok = strings.CutPrefix(strings.TrimSpace(second), "join: ")
	if !ok || !strings.HasPrefix(join, served+"join?token=") {
		t.Fatalf("second line %q, want join: %sjoin?token=…", second, served)
	}
	if !strings.Contains(stderr.String(), "scan to join the table") {
		t.Errorf("no QR code on standard error: %q", stderr.String())
	}
	return served, join
}

// TestServeLAN: `serve --lan` in a network namespace the test makes
// (never this machine's own interfaces) chooses the namespace's LAN
// address, prints it and the join link, and answers nothing without the
// link's token: 401 without, 403 with a wrong one, 421 for another Host,
// 403 for a write from another origin; the join link sets the cookie the
// page's requests then carry.
func TestServeLAN(t *testing.T) {
	// Not parallel: it runs in the serial phase, before the package's
	// browser and consumer tests load the machine (see open).
	if !testenv.NetNS(t) {
		return
	}
	served, join := startLAN(t, "usa")
	token := join[strings.Index(join, "token=")+len("token="):]
	if len(token) < 22 {
		t.Fatalf("token %q: under 128 bits", token)
	}
	noRedirect := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	do := func(c *http.Client, method, path string, header map[string]string) *http.Response {
		t.Helper()
		var body io.Reader
		if method == "POST" {
			body = strings.NewReader(`{"bots":1,"seed":5}`)
		}
		req, err := http.NewRequest(method, served+strings.TrimPrefix(path, "/"), body)
		if err != nil {
			t.Fatal(err)
		}
		if method == "POST" {
			req.Header.Set("Content-Type", "application/json")
		}
		for k, v := range header {
			if k == "Host" {
				req.Host = v
			} else {
				req.Header.Set(k, v)
			}
		}
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	paths := []string{"/", "/index.html", "/app.js", "/api/view", "/api/pack", "/api/findings", "/api/events", "/api/doctor", "/api/qr", "/api/games/abc", "/fonts/x.woff2", "/nowhere"}
	for _, p := range paths {
		if res := do(noRedirect, "GET", p, nil); res.StatusCode != http.StatusUnauthorized {
			t.Errorf("GET %s without the token: %d, want 401", p, res.StatusCode)
		}
		if res := do(noRedirect, "GET", p, map[string]string{"Authorization": "Bearer " + strings.Repeat("A", len(token))}); res.StatusCode != http.StatusForbidden {
			t.Errorf("GET %s with a wrong token: %d, want 403", p, res.StatusCode)
		}
	}
	if res := do(noRedirect, "POST", "/api/games", nil); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("POST /api/games without the token: %d, want 401", res.StatusCode)
	}
	if res := do(noRedirect, "GET", "/join?token=wrong"+token[5:], nil); res.StatusCode != http.StatusForbidden || len(res.Cookies()) != 0 {
		t.Errorf("a wrong join link: %d, cookies %v; want 403 and none", res.StatusCode, res.Cookies())
	}
	bearer := map[string]string{"Authorization": "Bearer " + token}
	_, port, _ := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(served, "http://"), "/"), ":")
	for _, host := range []string{"127.0.0.1:" + port, "localhost:" + port, "evil.example:" + port, testenv.LANAddress + ":1"} {
		h := map[string]string{"Authorization": "Bearer " + token, "Host": host}
		if res := do(noRedirect, "GET", "/api/view", h); res.StatusCode != http.StatusMisdirectedRequest {
			t.Errorf("Host %s: %d, want 421", host, res.StatusCode)
		}
	}
	if res := do(noRedirect, "GET", "/api/view", bearer); res.StatusCode != http.StatusOK {
		t.Errorf("GET /api/view with the token: %d", res.StatusCode)
	}
	cross := map[string]string{"Authorization": "Bearer " + token, "Origin": "http://127.0.0.1:" + port}
	if res := do(noRedirect, "POST", "/api/games", cross); res.StatusCode != http.StatusForbidden {
		t.Errorf("a write from origin 127.0.0.1: %d, want 403", res.StatusCode)
	}

	// A browser's way in: the join link sets the cookie, then the page
	// and every API answer.
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Timeout: 10 * time.Second, Jar: jar}
	res, err := browser.Get(join)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.Request.URL.Path != "/" {
		t.Fatalf("the join link: %d at %s, want the page at /", res.StatusCode, res.Request.URL)
	}
	u, _ := url.Parse(served)
	cookies := jar.Cookies(u)
	if len(cookies) != 1 || cookies[0].Value != token {
		t.Fatalf("the join link's cookie: %v", cookies)
	}
	for _, p := range []string{"/api/view", "/api/qr", "/app.js"} {
		if res := do(browser, "GET", p, nil); res.StatusCode != http.StatusOK {
			t.Errorf("GET %s after joining: %d", p, res.StatusCode)
		}
	}
	if res := do(browser, "POST", "/api/games", map[string]string{"Origin": strings.TrimSuffix(served, "/")}); res.StatusCode != http.StatusCreated {
		t.Errorf("a game after joining: %d", res.StatusCode)
	}
}
