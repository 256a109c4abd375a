package studio

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// The studio's bounds. It listens on this machine only, but any page the
// person has open in a browser may send it requests, and a local process
// may open connections by the thousand: every resource a request holds is
// capped, and every wait is timed.
const (
	// MaxConns is how many connections are served at once; one more is
	// closed as soon as it is accepted. Each costs a goroutine and its
	// buffers (about 20 KiB): the cap is what keeps memory flat under a
	// flood.
	MaxConns = 256
	// MaxStreams is how many event streams (/api/events) are open at
	// once; a new one closes the oldest (its page reconnects, as pages
	// do after a rebuild of the studio).
	MaxStreams = 32

	readHeaderTimeout = 10 * time.Second
	// readTimeout bounds reading a request (headers and a body of at most
	// maxBody bytes).
	readTimeout = 30 * time.Second
	// writeTimeout bounds writing a response; the slowest is a diagnosis
	// (doctorTimeout). An event stream writes for as long as it lives,
	// so it sets its own deadline before each event instead.
	writeTimeout = doctorTimeout + 30*time.Second
	// streamWriteTimeout: a page that stops reading its stream for this
	// long is disconnected.
	streamWriteTimeout = 30 * time.Second
	// idleTimeout closes a kept-alive connection with no request.
	idleTimeout    = 60 * time.Second
	maxHeaderBytes = 32 << 10
)

// ErrConflict is wrapped by a Doctor's Apply error when edition.yaml
// changed since the diagnosis: the page is answered 409 and told to run
// the doctor again.
var ErrConflict = errors.New("conflict")

// newHTTPServer is the studio's http.Server, with every timeout set.
func newHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}

// limitListener serves at most max connections at once, closing the
// others as soon as they are accepted (rather than leaving them in the
// kernel's queue, where a flood would keep the person's own page out
// until it drained).
type limitListener struct {
	net.Listener
	slots chan struct{}
}

func newLimitListener(ln net.Listener, max int) net.Listener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, max)}
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		select {
		case l.slots <- struct{}{}:
			return &limitConn{Conn: c, release: func() { <-l.slots }}, nil
		default:
			c.Close()
		}
	}
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// subscriber is one open event stream.
type subscriber struct {
	ch      chan event
	evicted chan struct{} // closed when a newer stream takes its place
	seq     uint64
}

// subscribe opens an event stream, closing the oldest when MaxStreams are
// open already.
func (s *Server) subscribe() (*subscriber, func()) {
	s.mu.Lock()
	s.streamSeq++
	sub := &subscriber{ch: make(chan event, 8), evicted: make(chan struct{}), seq: s.streamSeq}
	if len(s.subs) >= MaxStreams {
		var oldest *subscriber
		for o := range s.subs {
			if oldest == nil || o.seq < oldest.seq {
				oldest = o
			}
		}
		delete(s.subs, oldest)
		close(oldest.evicted)
	}
	s.subs[sub] = struct{}{}
	s.mu.Unlock()
	return sub, func() {
		s.mu.Lock()
		delete(s.subs, sub)
		s.mu.Unlock()
	}
}

// crossSiteRead refuses a GET that starts expensive work when a browser
// says it comes from another site (an <img> or fetch on any page the
// person visits can reach 127.0.0.1): Sec-Fetch-Site and Origin, when
// sent, must say this studio's own page. Tools that send neither (curl)
// are served.
func crossSiteRead(r *http.Request) error {
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return fmt.Errorf("a %s request may not start a diagnosis: open the studio's own page", site)
	}
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
		return fmt.Errorf("a request from origin %s may not start a diagnosis", o)
	}
	return nil
}

// busy takes the one slot for expensive work (a diagnosis, a trial
// rebuild), or answers 503 and returns false when it is taken. release
// may be called more than once: a handler frees the slot when the work is
// done, before it answers, so that a client asking again on the answer
// finds the slot free, and defers it for the early returns.
func (s *Server) busy(w http.ResponseWriter) (release func(), ok bool) {
	select {
	case s.heavy <- struct{}{}:
		return sync.OnceFunc(func() { <-s.heavy }), true
	default:
		w.Header().Set("Retry-After", "5")
		httpError(w, http.StatusServiceUnavailable, "the doctor is at work on another request: ask again when it is done")
		return nil, false
	}
}
