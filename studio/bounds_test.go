package studio

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// readEvent reads the next server-sent event of a stream.
func readEvent(r *bufio.Reader) (name, data string, err error) {
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return "", "", err
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			name = line[7:]
		case strings.HasPrefix(line, "data: "):
			data = line[6:]
		case line == "" && name != "":
			return name, data, nil
		}
	}
}

// TestEventStreamsCapped: issue 26 class "the studio has no bound on event
// streams". With MaxStreams streams open, one more closes the oldest,
// which is told why and ended; the rest stay open.
func TestEventStreamsCapped(t *testing.T) {
	t.Parallel()
	ts, s, _ := newTestServer(t, "mini", Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var readers []*bufio.Reader
	for i := range MaxStreams + 1 {
		req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/events", nil)
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatalf("stream %d: %v", i, err)
		}
		defer res.Body.Close()
		r := bufio.NewReader(res.Body)
		if name, _, err := readEvent(r); err != nil || name != "hello" {
			t.Fatalf("stream %d: first event %q, %v", i, name, err)
		}
		readers = append(readers, r)
	}
	name, data, err := readEvent(readers[0])
	if err != nil || name != "bye" || !strings.Contains(data, fmt.Sprintf("more than %d event streams", MaxStreams)) {
		t.Fatalf("the oldest stream: %q %q %v", name, data, err)
	}
	if _, _, err := readEvent(readers[0]); err != io.EOF && err != io.ErrUnexpectedEOF {
		t.Errorf("the oldest stream goes on after bye: %v", err)
	}
	s.mu.RLock()
	open := len(s.subs)
	s.mu.RUnlock()
	if open != MaxStreams {
		t.Errorf("%d streams open, want %d", open, MaxStreams)
	}
	s.Reload(ctx)
	if name, _, err := readEvent(readers[MaxStreams]); err != nil || name != "build" {
		t.Errorf("the newest stream after a rebuild: %q %v", name, err)
	}
}

// slowDoctor diagnoses when told to, counting the diagnoses started.
type slowDoctor struct {
	started atomic.Int32
	release chan struct{}
	apply   error
}

func (d *slowDoctor) Diagnose(ctx context.Context, b *Build) (*Report, error) {
	d.started.Add(1)
	select {
	case <-d.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return &Report{Summary: "done"}, nil
}

func (d *slowDoctor) Try(ctx context.Context, b *Build, ids []string) (*Report, error) {
	return d.Diagnose(ctx, b)
}

func (d *slowDoctor) Apply(context.Context, *Build, []string) error { return d.apply }

// TestDiagnosisOnlySameOriginAndOneAtATime: a cross-site GET (an <img> on
// any page) never starts a diagnosis; while one runs, another is answered
// 503 at once, not queued.
func TestDiagnosisOnlySameOriginAndOneAtATime(t *testing.T) {
	t.Parallel()
	d := &slowDoctor{release: make(chan struct{})}
	ts, _, _ := newTestServer(t, "mini", Options{Doctor: d, AllowEdit: true})
	for _, h := range []map[string]string{
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site"},
		{"Origin": "http://evil.example"},
	} {
		req, _ := http.NewRequest("GET", ts.URL+"/api/doctor", nil)
		for k, v := range h {
			req.Header.Set(k, v)
		}
		res, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%v: %d, want 403", h, res.StatusCode)
		}
	}
	if n := d.started.Load(); n != 0 {
		t.Fatalf("%d diagnoses started by cross-site requests", n)
	}

	first := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("GET", ts.URL+"/api/doctor", nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res, err := ts.Client().Do(req)
		if err != nil {
			first <- 0
			return
		}
		res.Body.Close()
		first <- res.StatusCode
	}()
	for d.started.Load() == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	code, _ := get(t, ts, "/api/doctor", "")
	if code != http.StatusServiceUnavailable {
		t.Errorf("a second diagnosis while one runs: %d, want 503", code)
	}
	if code, out := post(t, ts, "/api/doctor/try", ProposalsRequest{Proposals: []string{"1"}}, nil); code != http.StatusServiceUnavailable {
		t.Errorf("a trial while a diagnosis runs: %d %v, want 503", code, out)
	}
	close(d.release)
	if code := <-first; code != http.StatusOK {
		t.Errorf("the diagnosis: %d", code)
	}
	if code, _ := get(t, ts, "/api/doctor", ""); code != http.StatusOK {
		t.Errorf("the report, once made: %d", code)
	}
	if n := d.started.Load(); n != 1 {
		t.Errorf("%d diagnoses, want 1 (the second request is served the report made)", n)
	}
}

// slotAtAnswer records whether the slot for expensive work was still taken
// when the answer's status was written.
type slotAtAnswer struct {
	*httptest.ResponseRecorder
	heavy    chan struct{}
	takenNow bool
}

func (w *slotAtAnswer) WriteHeader(code int) {
	w.takenNow = len(w.heavy) > 0
	w.ResponseRecorder.WriteHeader(code)
}

// TestSlotFreeBeforeTheAnswer: a diagnosis or a trial frees the one slot
// before its answer goes out, so a client that asks again on the answer
// (the page tries a proposal as soon as the report arrives) is never told
// the doctor is at work.
func TestSlotFreeBeforeTheAnswer(t *testing.T) {
	t.Parallel()
	d := &slowDoctor{release: make(chan struct{})}
	close(d.release) // diagnoses at once
	_, s, _ := newTestServer(t, "mini", Options{Doctor: d, AllowEdit: true})
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		req     *http.Request
	}{
		{"diagnosis", s.getDoctor, httptest.NewRequest("GET", "/api/doctor", nil)},
		{"trial", s.postDoctorTry, httptest.NewRequest("POST", "/api/doctor/try", strings.NewReader(`{"proposals": ["1"]}`))},
	} {
		w := &slotAtAnswer{ResponseRecorder: httptest.NewRecorder(), heavy: s.heavy}
		tc.handler(w, tc.req)
		if w.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", tc.name, w.Code, w.Body)
		}
		if w.takenNow {
			t.Errorf("%s: the slot was still taken when the answer was written", tc.name)
		}
		if len(s.heavy) != 0 {
			t.Errorf("%s: the slot is taken after the answer", tc.name)
		}
	}
}

// TestApplyConflict: an Apply that finds edition.yaml changed answers 409,
// saying to run the doctor again.
func TestApplyConflict(t *testing.T) {
	t.Parallel()
	d := &slowDoctor{release: make(chan struct{}), apply: fmt.Errorf("%w: edition.yaml changed since the doctor read it: run the doctor again", ErrConflict)}
	ts, _, _ := newTestServer(t, "mini", Options{Doctor: d, AllowEdit: true})
	code, out := post(t, ts, "/api/doctor/apply", ProposalsRequest{Proposals: []string{"1"}}, nil)
	if code != http.StatusConflict || !strings.Contains(fmt.Sprint(out["error"]), "run the doctor again") {
		t.Errorf("apply on a changed file: %d %v", code, out)
	}
}

// TestServerTimeouts: the studio's http.Server sets every timeout, and its
// listener closes connections over MaxConns at once.
func TestServerTimeouts(t *testing.T) {
	srv := newHTTPServer(http.NotFoundHandler())
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 || srv.MaxHeaderBytes <= 0 {
		t.Errorf("a timeout left unset: %+v", srv)
	}
	if srv.WriteTimeout < doctorTimeout {
		t.Errorf("the write timeout %v would cut a diagnosis (%v)", srv.WriteTimeout, doctorTimeout)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lim := newLimitListener(ln, 2)
	defer lim.Close()
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := lim.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	var clients []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		clients = append(clients, c)
	}
	first, second := <-accepted, <-accepted
	_ = clients[2].SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := clients[2].Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("the connection over the cap: %v, want it closed (EOF)", err)
	}
	// A slot freed takes the next connection.
	first.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	select {
	case got := <-accepted:
		got.Close()
	case <-time.After(5 * time.Second):
		t.Error("a connection after a slot was freed was not accepted")
	}
	second.Close()
}
