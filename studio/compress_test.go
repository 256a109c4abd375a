package studio

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestCompressed: a browser that takes gzip gets the view, the page and a
// game gzipped (Vary set), a reload of the view is answered 304, and a
// client that does not take gzip gets the plain bytes.
func TestCompressed(t *testing.T) {
	ts, _, _ := newTestServer(t, "mini", Options{})
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	fetch := func(method, path, enc, inm, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
		if enc != "" {
			req.Header.Set("Accept-Encoding", enc)
		}
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
	plain := fetch("GET", "/api/view", "", "", "")
	plainBody, _ := io.ReadAll(plain.Body)
	if plain.Header.Get("Content-Encoding") != "" || !strings.HasPrefix(string(plainBody), "{") {
		t.Fatalf("without Accept-Encoding the view is not plain JSON: %q", plain.Header.Get("Content-Encoding"))
	}
	gz := fetch("GET", "/api/view", "gzip, deflate, br", "", "")
	if gz.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(gz.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("view: Content-Encoding %q, Vary %q", gz.Header.Get("Content-Encoding"), gz.Header.Get("Vary"))
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if string(unzipped) != string(plainBody) {
		t.Errorf("the gzipped view is not the plain one (%d and %d bytes)", len(unzipped), len(plainBody))
	}
	if again := fetch("GET", "/api/view", "gzip", gz.Header.Get("ETag"), ""); again.StatusCode != http.StatusNotModified {
		t.Errorf("a reload with the view's ETag: %d, want 304", again.StatusCode)
	}
	if other := fetch("GET", "/api/view", "", gz.Header.Get("ETag"), ""); other.StatusCode != http.StatusOK {
		t.Errorf("the gzip ETag answered a plain request %d, want 200", other.StatusCode)
	}
	for _, path := range []string{"/app.js", "/style.css"} {
		if res := fetch("GET", path, "gzip", "", ""); res.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("%s: not gzipped", path)
		}
	}
	game := fetch("POST", "/api/games", "gzip", "", `{"bots":3,"seed":3,"openHands":true}`)
	if game.StatusCode != http.StatusCreated || game.Header.Get("Content-Encoding") != "gzip" {
		b, _ := io.ReadAll(game.Body)
		t.Errorf("a new game: %d, Content-Encoding %q, %d bytes", game.StatusCode, game.Header.Get("Content-Encoding"), len(b))
	}
}
