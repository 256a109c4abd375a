package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// serveWithState runs `tendays serve PACK --addr 127.0.0.1:0 --state DIR`
// in-process: its URL, and stop, which ends it as Ctrl-C does.
func serveWithState(t *testing.T, target, state string) (string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	stderr := &lockedBuffer{}
	opts := &serveOptions{IO: &IOStreams{In: strings.NewReader(""), Out: pw, ErrOut: stderr}, Global: &globalOptions{},
		Target: target, Addr: "127.0.0.1:0", State: state, stateNamed: true}
	done := make(chan error, 1)
	go func() { done <- runServe(ctx, opts); pw.Close() }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("serve: no first line (%v); stderr: %s", err, stderr.String())
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
		if s := stderr.String(); strings.Contains(s, "table") {
			t.Errorf("serve warned: %s", s)
		}
	}
	t.Cleanup(stop)
	return strings.TrimPrefix(strings.TrimSpace(line), "serving "), stop
}

// A table opened on `serve --state DIR` is there again, each seat's key
// finding its own holder, after serve is stopped and started again on
// the same folder; the folder is 0700.
func TestServeTableRestart(t *testing.T) {
	state := filepath.Join(t.TempDir(), "tables")
	pack, _ := filepath.Abs("../../testdata/packs/mini.pack.json")
	base, stop := serveWithState(t, pack, state)
	code, host := postJSON(t, base+"api/games", `{"humans":2,"bots":1,"seed":"5","table":true}`)
	if code != 201 {
		t.Fatalf("opening a table: %d %v", code, host)
	}
	id := host["id"].(string)
	var keys []string
	for _, inv := range host["invites"].([]any)[:2] {
		u, _ := url.Parse(inv.(map[string]any)["link"].(string))
		keys = append(keys, u.Query().Get("seat"))
	}
	view := func(base, key string) map[string]any {
		t.Helper()
		res, err := http.Get(base + "api/games/" + id + "?seat=" + key)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var v map[string]any
		if err := json.NewDecoder(res.Body).Decode(&v); err != nil || res.StatusCode != 200 {
			t.Fatalf("a seat's view: %d %v", res.StatusCode, err)
		}
		return v
	}
	mover := int(view(base, keys[0])["seat"].(float64))
	if code, v := postJSON(t, base+"api/games/"+id+"/moves?seat="+keys[mover], `{"action":"place","day":0}`); code != 200 {
		t.Fatalf("a move: %d %v", code, v)
	}
	before := []map[string]any{view(base, keys[0]), view(base, keys[1])}
	stop()
	if fi, err := os.Stat(state); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("the state folder: %v %v, want 0700", fi, err)
	}

	again, _ := serveWithState(t, pack, state)
	for seat, key := range keys {
		after := view(again, key)
		for _, k := range []string{"viewer", "holder", "steps", "others", "log", "seat", "phase"} {
			if b, a := mustMarshal(before[seat][k]), mustMarshal(after[k]); b != a {
				t.Errorf("seat %d after the restart: %s %s, was %s", seat, k, a, b)
			}
		}
	}
}

func mustMarshal(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
