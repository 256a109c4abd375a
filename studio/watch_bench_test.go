package studio

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/pipeline"
)

// BenchmarkSaveToPage is a save reaching an open page: the studio serves a
// copy of the USA edition through the pipeline, a client follows
// /api/events (server-sent events), and each save of edition.yaml (written
// whole and renamed into place, as editors save) is timed from the write to
// the "build" event that tells the page to redraw. ms/save is the median.
func BenchmarkSaveToPage(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "usa")
	sub, err := editions.Folder("usa")
	if err != nil {
		b.Fatal(err)
	}
	if err := os.CopyFS(dir, sub); err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, err := New(ctx, Pipeline(pipeline.Source{Path: dir}, pipeline.Options{}))
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go func() { _ = srv.Serve(ctx, ln) }()
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://"+ln.Addr().String()+"/api/events", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	events := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- name
			}
		}
	}()
	if e := <-events; e != "hello" {
		b.Fatalf("first event %q", e)
	}
	time.Sleep(50 * time.Millisecond) // the watcher's first look
	file := filepath.Join(dir, "edition.yaml")
	text, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	var took []time.Duration
	n := 0
	for b.Loop() {
		n++
		start := time.Now()
		if err := atomicfile.WriteBytes(file, append([]byte(fmt.Sprintf("# save %d\n", n)), text...), 0o644); err != nil {
			b.Fatal(err)
		}
		select {
		case e := <-events:
			if e != "build" {
				b.Fatalf("save %d: event %q", n, e)
			}
		case <-time.After(20 * time.Second):
			b.Fatalf("save %d: no event", n)
		}
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1e3, "ms/save")
}
