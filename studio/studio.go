// Package studio is `tendays serve`: a local web app that shows an edition
// as it is being edited, checks journeys, lists lint findings, shows the
// doctor's report and plays games (against bots, at a hot seat, on a route
// network; replayed from a seed and moves, step by step, or from a game
// log; at a table, each person on a device of their own, table.go). It
// holds HTTP handlers, the embedded page (web/, plain ES modules, no build
// step: the board's zoom, markers and keyboard, the journey drawn, the
// games), the event stream that tells open pages about a rebuild and a
// table's moves, the guard of a studio on the local network (lan.go: the
// join link's token) and the answers' compression (compress.go).
//
// It has no game logic of its own: journeys are checked by engine, games
// played by engine/game, engine/bot and engine/route, the board drawn by
// export/scene (a combined edition's maps as frames) and export/svg,
// findings come from the loader (lint) and the doctor from the Doctor it
// is given. It never reads a path taken from a request and writes
// only through Doctor.Apply, and only when Options.AllowEdit is set.
package studio

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/internal/watch"
	"github.com/tendays/tendays/mapdata"
)

// Build is what the loader made of the edition or pack: the pack, of any
// kind (nil when the edition broke its schema), the board geometry when
// there is one, and the lint findings. The pack's kind says what the page
// shows and plays (kinds.go).
type Build struct {
	Pack  mapdata.AnyPack
	Board *board.Geometry
	// Land is drawn under a network's board (export.Options.Land); the
	// loader reads it, as it reads the board.
	Land     []orb.MultiPolygon
	Findings []diag.Finding
	// Source names what was built (an edition folder, a pack file).
	Source string
	// Unplayable, when set, says why journeys are not checked nor games
	// played (the pack has lint errors, as journey check and play refuse).
	Unplayable string
}

// Doctor diagnoses a build and proposes edits, each named by an id the page
// sends back to try or apply it.
type Doctor interface {
	// Diagnose reports on the build.
	Diagnose(ctx context.Context, b *Build) (*Report, error)
	// Try re-measures the build with the proposals applied, in memory.
	Try(ctx context.Context, b *Build, proposals []string) (*Report, error)
	// Apply writes the proposals to the edition's edition.yaml.
	Apply(ctx context.Context, b *Build, proposals []string) error
}

// Options configure a Server.
type Options struct {
	// Load builds the edition or reads the pack. An error means nothing could
	// be read (the page keeps the last good build and shows the error).
	Load func(ctx context.Context) (*Build, error)
	// Watch lists the files whose change means a rebuild; nil: no watching.
	Watch func() []string
	// Interval is how often watched files are looked at (0: watch's default).
	Interval time.Duration
	// Doctor diagnoses builds; nil: the page says there is no doctor.
	Doctor Doctor
	// AllowEdit lets the page apply the doctor's proposals (Doctor.Apply).
	AllowEdit bool
	// Lang names the regions in this language where the pack has names in
	// it (serve --lang), unless the page asks for the browser's.
	Lang string
	// Token, when set, is the table's token (serve --lan, NewToken): every
	// request must carry it (lan.go), and the page offers join links.
	Token string
	// OnBuild, when set, hears of every rebuild: its duration and error.
	OnBuild func(version int, took time.Duration, err error)
}

// Server serves one edition or pack.
type Server struct {
	opts  Options
	games *games

	mu      sync.RWMutex
	cur     *state
	version int
	loadErr string
	host    string // the address served, as a Host header names it

	subs      map[*subscriber]struct{} // open event streams, at most MaxStreams
	streamSeq uint64

	reloadMu sync.Mutex // one rebuild at a time, so builds land in order

	doctorMu sync.Mutex
	doctor   map[int][]byte // the report of a version, once made
	heavy    chan struct{}  // one diagnosis or trial at a time
}

type event struct {
	name string
	data []byte
}

// New loads the edition or pack once and returns a server for it.
func New(ctx context.Context, opts Options) (*Server, error) {
	if opts.Load == nil {
		return nil, errors.New("studio: no loader")
	}
	s := &Server{opts: opts, subs: map[*subscriber]struct{}{}, games: newGames(), doctor: map[int][]byte{}, heavy: make(chan struct{}, 1)}
	b, err := opts.Load(ctx)
	if err != nil {
		return nil, err
	}
	st, err := newState(b, 1)
	if err != nil {
		return nil, err
	}
	s.cur, s.version = st, 1
	return s, nil
}

// Handler is the app's handler for requests to addr (host:port), the only
// Host it answers.
func (s *Server) Handler(addr string) http.Handler {
	s.mu.Lock()
	s.host = addr
	s.mu.Unlock()
	return s.guard(compressed(s.routes()))
}

// Serve answers on ln until ctx is done, rebuilding when watched files
// change.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	srv := newHTTPServer(s.Handler(ln.Addr().String()))
	srv.BaseContext = func(net.Listener) context.Context { return ctx }
	ln = newLimitListener(ln, MaxConns)
	if s.opts.Watch != nil {
		w := watch.Watcher{Paths: s.opts.Watch, Interval: s.opts.Interval}
		go func() { _ = w.Run(ctx, func([]string) { s.Reload(ctx) }) }()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, stop := context.WithTimeout(context.Background(), 2*time.Second)
		defer stop()
		_ = srv.Shutdown(sctx)
		return nil
	}
}

// Reload rebuilds and tells open pages: a "build" event with the new
// version, or a "build-error" event when the loader failed (the last good
// build stays).
func (s *Server) Reload(ctx context.Context) {
	s.reloadMu.Lock()
	defer s.reloadMu.Unlock()
	start := time.Now()
	b, err := s.opts.Load(ctx)
	var st *state
	if err == nil {
		s.mu.RLock()
		next := s.version + 1
		s.mu.RUnlock()
		st, err = newState(b, next)
	}
	s.mu.Lock()
	if err != nil {
		s.loadErr = err.Error()
	} else {
		s.version++
		st.version = s.version
		s.cur, s.loadErr = st, ""
	}
	version, msg := s.version, s.loadErr
	s.mu.Unlock()
	if s.opts.OnBuild != nil {
		s.opts.OnBuild(version, time.Since(start), err)
	}
	if err != nil {
		s.broadcast(event{name: "build-error", data: mustJSON(map[string]any{"version": version, "error": msg})})
		return
	}
	s.broadcast(event{name: "build", data: mustJSON(map[string]any{"version": version})})
}

func (s *Server) state() (*state, string) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.cur, s.loadErr
}

func (s *Server) broadcast(e event) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for sub := range s.subs {
		select {
		case sub.ch <- e:
		default: // a slow page misses an event; the next one carries the version
		}
	}
}

func mustJSON(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("studio: encoding %T: %v", v, err))
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}
