// Package inpage is the studio's JSON API answered in the page, for the
// static site (`tendays export --format site`): the studio's own handlers
// (package studio) over a pack the page carries, called with a method, a
// path and a body instead of over HTTP. It adds no route and no rule: a
// request answers as `tendays serve` answers it (a journey checked, a game
// dealt and played, bots and all); what needs a server (the event stream,
// the doctor, edits) answers as a studio without them does.
//
// The WebAssembly program jsengine/wasm/studio exports it as jsengine's
// engine exports its functions: a request is a function's name, a line
// break and a JSON argument; the answer is {"ok": ...} or {"error": ...}.
package inpage

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/studio"
)

// Host is the name the page's studio answers for.
const Host = "site.invalid"

// Studio is one page's studio.
type Studio struct {
	handler http.Handler
}

// Open makes the studio of a pack (its JSON text; name says where it came
// from, for the page's heading).
func Open(ctx context.Context, name string, packJSON []byte) (*Studio, error) {
	doc, err := mapdata.DecodePack(name, packJSON)
	if err != nil {
		return nil, err
	}
	b := &studio.Build{Pack: doc.Pack, Source: name}
	srv, err := studio.New(ctx, studio.Options{Load: func(context.Context) (*studio.Build, error) { return b, nil }})
	if err != nil {
		return nil, err
	}
	return &Studio{handler: srv.Handler(Host)}, nil
}

// Answer is a request's answer: its HTTP status and its JSON body.
type Answer struct {
	Status int             `json:"status"`
	Body   json.RawMessage `json:"body"`
}

// maxBody bounds a request's body, as the server's does.
const maxBody = 64 << 10

// Request answers one request of the page.
func (s *Studio) Request(method, path string, body json.RawMessage) (Answer, error) {
	if !strings.HasPrefix(path, "/api/") {
		return Answer{}, fmt.Errorf("%s: the page's studio answers /api/ only", path)
	}
	if len(body) > maxBody {
		return Answer{}, fmt.Errorf("request body over %d bytes", maxBody)
	}
	var rd *bytes.Reader
	if len(body) > 0 && string(body) != "null" {
		rd = bytes.NewReader(body)
	} else if method != http.MethodGet {
		rd = bytes.NewReader([]byte("{}"))
	}
	var req *http.Request
	if rd != nil {
		req = httptest.NewRequest(method, "http://"+Host+path, rd)
		req.Header.Set("Content-Type", "application/json")
	} else {
		req = httptest.NewRequest(method, "http://"+Host+path, nil)
	}
	rec := httptest.NewRecorder()
	s.handler.ServeHTTP(rec, req)
	out := bytes.TrimSpace(rec.Body.Bytes())
	if len(out) == 0 || !json.Valid(out) {
		q, _ := json.Marshal(map[string]string{"error": strings.TrimSpace(rec.Body.String())})
		out = q
	}
	return Answer{Status: rec.Code, Body: out}, nil
}

// Calls is the studio as one function of bytes (see the package comment):
// open {"pack": text, "name": name}, then request {"method", "path", "body"}.
type Calls struct {
	studio *Studio
}

// Call answers one request.
func (c *Calls) Call(req []byte) (out []byte) {
	fn, arg, _ := bytes.Cut(req, []byte("\n"))
	defer func() {
		if r := recover(); r != nil {
			out = answer(nil, fmt.Errorf("%s: %v", fn, r))
		}
	}()
	switch string(fn) {
	case "open":
		var a struct {
			Pack string `json:"pack"`
			Name string `json:"name"`
		}
		if err := json.Unmarshal(arg, &a); err != nil {
			return answer(nil, fmt.Errorf("open: %w", err))
		}
		s, err := Open(context.Background(), a.Name, []byte(a.Pack))
		if err != nil {
			return answer(nil, err)
		}
		c.studio = s
		return answer(true, nil)
	case "request":
		if c.studio == nil {
			return answer(nil, fmt.Errorf("request: open a pack first"))
		}
		var a struct {
			Method string          `json:"method"`
			Path   string          `json:"path"`
			Body   json.RawMessage `json:"body"`
		}
		if err := json.Unmarshal(arg, &a); err != nil {
			return answer(nil, fmt.Errorf("request: %w", err))
		}
		return answer(c.studio.Request(a.Method, a.Path, a.Body))
	}
	return answer(nil, fmt.Errorf("no function %q (want open or request)", fn))
}

func answer(v any, err error) []byte {
	var out any = map[string]any{"ok": v}
	if err != nil {
		out = map[string]string{"error": err.Error()}
	}
	data, mErr := json.Marshal(out)
	if mErr != nil {
		data, _ = json.Marshal(map[string]string{"error": mErr.Error()})
	}
	return data
}
