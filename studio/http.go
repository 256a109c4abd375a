package studio

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/tendays/tendays/engine"
)

//go:embed web
var webFS embed.FS

// maxBody bounds a request body: a journey or a move is a few hundred bytes.
const maxBody = 64 << 10

func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	static, _ := fs.Sub(webFS, "web")
	mux.Handle("GET /", withStaticETag(http.FileServerFS(static)))
	mux.HandleFunc("GET /fonts/{name}", getFont)
	mux.HandleFunc("GET /api/pack", s.getPack)
	mux.HandleFunc("GET /api/view", s.getView)
	mux.HandleFunc("GET /api/findings", s.getFindings)
	mux.HandleFunc("POST /api/journey", s.postJourney)
	mux.HandleFunc("GET /api/events", s.getEvents)
	mux.HandleFunc("GET /api/doctor", s.getDoctor)
	mux.HandleFunc("POST /api/doctor/try", s.postDoctorTry)
	mux.HandleFunc("POST /api/doctor/apply", s.postDoctorApply)
	mux.HandleFunc("POST /api/games", s.postGame)
	mux.HandleFunc("GET /api/games/{id}", s.getGame)
	mux.HandleFunc("POST /api/games/{id}/moves", s.postMove)
	mux.HandleFunc("POST /api/games/{id}/undo", s.postUndo)
	mux.HandleFunc("GET /api/games/{id}/replay", s.getReplay)
	mux.HandleFunc("GET /api/games/{id}/log", s.getLog)
	mux.HandleFunc("GET /api/qr", s.getQR)
	return mux
}

// guard refuses requests for another Host (DNS rebinding: a page of
// evil.example whose name now points at 127.0.0.1), cross-origin writes,
// and writes that are not JSON (a form cannot post JSON across origins
// without a preflight).
func (s *Server) guard(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'")
		if !s.hostAllowed(r.Host) {
			httpError(w, http.StatusMisdirectedRequest, fmt.Sprintf("this studio answers for %s only, not for host %q", s.servedHost(), r.Host))
			return
		}
		if s.opts.Token != "" && !s.admit(w, r) {
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if err := cop.Check(r); err != nil {
				httpError(w, http.StatusForbidden, "cross-origin request refused: "+err.Error())
				return
			}
			if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
				httpError(w, http.StatusForbidden, fmt.Sprintf("cross-origin request refused (origin %s)", o))
				return
			}
			if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
				httpError(w, http.StatusUnsupportedMediaType, "send JSON (Content-Type: application/json)")
				return
			}
			r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Server) servedHost() string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.host
}

// hostAllowed: the served host:port, or localhost with its port.
func (s *Server) hostAllowed(host string) bool {
	served := s.servedHost()
	if served == "" || strings.EqualFold(host, served) {
		return served != ""
	}
	_, port, err := net.SplitHostPort(served)
	if err != nil {
		return false
	}
	ip, _, _ := net.SplitHostPort(served)
	if parsed := net.ParseIP(ip); parsed == nil || !parsed.IsLoopback() {
		return false
	}
	return strings.EqualFold(host, "localhost:"+port)
}

func httpError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, mustJSON(map[string]string{"error": msg}))
}

func writeJSON(w http.ResponseWriter, code int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_, _ = w.Write(body)
	_, _ = w.Write([]byte("\n"))
}

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body over %d bytes", mbe.Limit))
			return false
		}
		httpError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
		return false
	}
	return true
}

func (s *Server) getPack(w http.ResponseWriter, r *http.Request) {
	st, _ := s.state()
	writeJSON(w, http.StatusOK, st.pack)
}

func (s *Server) getFindings(w http.ResponseWriter, r *http.Request) {
	st, _ := s.state()
	writeJSON(w, http.StatusOK, st.findings)
}

// getView is the page's one document per build, with the loader's last
// error (the page keeps showing the last good build).
func (s *Server) getView(w http.ResponseWriter, r *http.Request) {
	st, loadErr := s.state()
	// serve --lang names the regions; without it, the browser's language
	// (the page asks in it) does, where the edition has names in it.
	lang := s.opts.Lang
	if q := r.URL.Query().Get("lang"); lang == "" && validLang(q) {
		lang = q
	}
	extra := map[string]any{"allowEdit": s.opts.AllowEdit, "doctor": s.opts.Doctor != nil, "error": loadErr, "lan": s.opts.Token != ""}
	if s.opts.Lang == "" && len(st.langs) > 0 {
		// The page asks again in the browser's language only when the
		// edition has names in it: the preloaded view serves the rest.
		extra["langs"] = st.langs
	}
	st.encodedView(lang, mustJSON(extra)).serve(w, r, "application/json; charset=utf-8")
}

// validLang is a language code as the page sends it (navigator.language).
func validLang(s string) bool {
	if len(s) < 2 || len(s) > 35 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// JourneyRequest is the body of POST /api/journey.
type JourneyRequest struct {
	Cards []string `json:"cards"`
	Days  int      `json:"days,omitempty"` // 0: the edition's
	// SoFar checks a journey being typed: the cards so far, their
	// trailing transport cards aside (and a last token that names no card
	// yet: it is being typed), as a journey of that many days (when two or
	// more are left; none is checked otherwise).
	SoFar bool `json:"soFar,omitempty"`
}

func (s *Server) postJourney(w http.ResponseWriter, r *http.Request) {
	var req JourneyRequest
	if !decode(w, r, &req) {
		return
	}
	st, _ := s.state()
	if st.played.journeys == nil {
		httpError(w, http.StatusConflict, "this pack has no journeys to check: "+st.played.noJourneys)
		return
	}
	v, err := CheckJourney(st.played.journeys, req)
	if err != nil {
		// What each card names goes with the error: the page marks the
		// regions of the cards it knows.
		writeJSON(w, http.StatusBadRequest, mustJSON(map[string]any{"error": err.Error(), "tokens": v.Tokens}))
		return
	}
	writeJSON(w, http.StatusOK, mustJSON(v))
}

// JourneyVerdict is the answer of POST /api/journey: the verdict as
// `journey check --format json` gives it, and on a combined edition the
// journey's regions on each member map.
type JourneyVerdict struct {
	engine.VerdictReport
	Coverage []MapCount `json:"coverage,omitempty"`
	// Regions names the region of each card checked ("" for a transport
	// card), so that the page draws the journey without reading tokens
	// itself.
	Regions []string `json:"regions"`
	// Tokens says what each card given names, as the engine reads its
	// token: the page marks the regions typed and knows which cards are
	// transport cards without matching tokens itself.
	Tokens []TokenView `json:"tokens"`
	// Checked is how many cards were checked: all of them, or for a
	// journey so far those before its trailing transport cards (0: too
	// few to check yet; the verdict is empty).
	Checked int `json:"checked"`
}

// TokenView is what one card token names: its kind (region, plane, car,
// ship, train; "" for a token that names no card) and, for a region card,
// the region.
type TokenView struct {
	Kind   string `json:"kind"`
	Region string `json:"region,omitempty"`
}

// CheckJourney checks tokens as `journey check` does: every token must name
// a card (a combined edition's tokens name the map where a name is on
// two: europe:Russia), and the journey must have the edition's days (or
// req.Days); a journey so far (req.SoFar) is checked without its
// trailing transport cards, as a journey of the cards left. The verdict's
// Tokens are filled whatever the error.
func CheckJourney(b *engine.Board, req JourneyRequest) (JourneyVerdict, error) {
	if len(req.Cards) > 1000 {
		return JourneyVerdict{Tokens: []TokenView{}}, fmt.Errorf("%d cards: a journey is a few dozen at most", len(req.Cards))
	}
	out := JourneyVerdict{Tokens: tokenViews(b, req.Cards), Regions: []string{}, VerdictReport: engine.VerdictReport{Cards: []string{}, Steps: []engine.StepReport{}}}
	tokens, days := req.Cards, req.Days
	if days <= 0 {
		days = b.Days()
	}
	if req.SoFar {
		// The last token may be half typed ("c" on the way to "car"):
		// one that names no card is left for the check after it.
		n := len(tokens)
		if n > 0 && out.Tokens[n-1].Kind == "" {
			n--
		}
		for n > 0 && isTransport(out.Tokens[n-1].Kind) {
			n--
		}
		if n < 2 {
			return out, nil
		}
		tokens, days = tokens[:n], n
	}
	cards, err := b.ParseJourneyDays(tokens, days)
	if err != nil {
		return out, err
	}
	out.Checked = len(cards)
	out.Regions = make([]string, len(cards))
	for i, c := range cards {
		if info := b.Card(c); info.Kind == engine.RegionCard {
			out.Regions[i] = b.Region(info.Region).ID
		}
	}
	out.VerdictReport, out.Coverage = b.Report(cards, b.Check(cards)), coverage(b, cards)
	return out, nil
}

// tokenViews reads each token as the engine does.
func tokenViews(b *engine.Board, tokens []string) []TokenView {
	out := make([]TokenView, len(tokens))
	for i, t := range tokens {
		c, err := b.Lookup(t)
		if err != nil {
			continue
		}
		info := b.Card(c)
		out[i].Kind = info.Kind.String()
		if info.Kind == engine.RegionCard {
			out[i].Region = b.Region(info.Region).ID
		}
	}
	return out
}

// isTransport says whether a card kind is a transport card's.
func isTransport(kind string) bool { return kind != "" && kind != engine.RegionCard.String() }

// coverage counts the regions of cards on each member map of a combined
// board (nil on a board of one map).
func coverage(b *engine.Board, cards []engine.CardID) []MapCount {
	var out []MapCount
	for i, n := range b.Coverage(cards) {
		m := b.Map(i)
		out = append(out, MapCount{Map: m.ID, Name: m.Name, Regions: n})
	}
	return out
}

// getEvents streams server-sent events: "hello" with the current version
// at once, then "build" after each rebuild and "error" when one fails.
func (s *Server) getEvents(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		httpError(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	sub, done := s.subscribe()
	defer done()
	// A stream lives past the server's read and write timeouts: it clears
	// the read deadline (nothing more is read; an expired one would end
	// the stream) and sets a write deadline before each event, so a page
	// that stops reading is let go.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	send := func(format string, args ...any) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		fl.Flush()
		return true
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	// The connection ends with the stream: an evicted or finished stream
	// frees its connection at once rather than idling.
	h.Set("Connection", "close")
	w.WriteHeader(http.StatusOK)
	s.mu.RLock()
	hello := mustJSON(map[string]any{"version": s.version, "error": s.loadErr})
	s.mu.RUnlock()
	if !send("event: hello\ndata: %s\n\n", hello) {
		return
	}
	tick := time.NewTicker(15 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-sub.evicted:
			send("event: bye\ndata: %s\n\n", mustJSON(map[string]any{"reason": fmt.Sprintf("more than %d event streams are open: this, the oldest, is closed", MaxStreams)}))
			return
		case e := <-sub.ch:
			if !send("event: %s\ndata: %s\n\n", e.name, e.data) {
				return
			}
		case <-tick.C:
			if !send(": keep-alive\n\n") {
				return
			}
		}
	}
}

// doctorTimeout bounds one diagnosis.
const doctorTimeout = 2 * time.Minute

func (s *Server) getDoctor(w http.ResponseWriter, r *http.Request) {
	if s.opts.Doctor == nil {
		httpError(w, http.StatusNotFound, "no doctor in this studio")
		return
	}
	st, _ := s.state()
	if body, ok := s.doctorReport(st.version); ok {
		writeJSON(w, http.StatusOK, body)
		return
	}
	// A diagnosis is seconds of every core: only the studio's own page
	// starts one, and only one at a time.
	if err := crossSiteRead(r); err != nil {
		httpError(w, http.StatusForbidden, err.Error())
		return
	}
	release, ok := s.busy(w)
	if !ok {
		return
	}
	defer release()
	if body, ok := s.doctorReport(st.version); ok { // made while this one waited
		release()
		writeJSON(w, http.StatusOK, body)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), doctorTimeout)
	defer cancel()
	rep, err := s.opts.Doctor.Diagnose(ctx, st.build)
	release() // done: free before the answer goes out
	if err != nil {
		httpError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	body := mustJSON(map[string]any{"version": st.version, "allowEdit": s.opts.AllowEdit, "report": rep})
	s.doctorMu.Lock()
	clear(s.doctor)
	s.doctor[st.version] = body
	s.doctorMu.Unlock()
	writeJSON(w, http.StatusOK, body)
}

// doctorReport is the report already made for a version.
func (s *Server) doctorReport(version int) ([]byte, bool) {
	s.doctorMu.Lock()
	defer s.doctorMu.Unlock()
	body, ok := s.doctor[version]
	return body, ok
}

// ProposalsRequest is the body of POST /api/doctor/try and /apply.
type ProposalsRequest struct {
	Proposals []string `json:"proposals"`
}

func (s *Server) postDoctorTry(w http.ResponseWriter, r *http.Request) {
	var req ProposalsRequest
	if !decode(w, r, &req) {
		return
	}
	if s.opts.Doctor == nil {
		httpError(w, http.StatusNotFound, "no doctor in this studio")
		return
	}
	st, _ := s.state()
	release, ok := s.busy(w)
	if !ok {
		return
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), doctorTimeout)
	defer cancel()
	rep, err := s.opts.Doctor.Try(ctx, st.build, req.Proposals)
	release() // done: free before the answer goes out
	if err != nil {
		httpError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, mustJSON(map[string]any{"version": st.version, "proposals": req.Proposals, "report": rep}))
}

func (s *Server) postDoctorApply(w http.ResponseWriter, r *http.Request) {
	var req ProposalsRequest
	if !decode(w, r, &req) {
		return
	}
	if !s.opts.AllowEdit {
		httpError(w, http.StatusForbidden, "this studio may not edit files: start it with --allow-edit")
		return
	}
	if s.opts.Doctor == nil {
		httpError(w, http.StatusNotFound, "no doctor in this studio")
		return
	}
	st, _ := s.state()
	if err := s.opts.Doctor.Apply(r.Context(), st.build, req.Proposals); err != nil {
		code := http.StatusUnprocessableEntity
		if errors.Is(err, ErrConflict) {
			code = http.StatusConflict // edition.yaml changed: run the doctor again
		}
		httpError(w, code, strings.TrimPrefix(err.Error(), ErrConflict.Error()+": "))
		return
	}
	// The watcher sees the write too; rebuilding now answers sooner.
	s.Reload(r.Context())
	s.mu.RLock()
	v := s.version
	s.mu.RUnlock()
	writeJSON(w, http.StatusOK, mustJSON(map[string]any{"applied": req.Proposals, "version": v}))
}
