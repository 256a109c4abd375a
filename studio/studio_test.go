package studio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// newTestServer serves testdata/packs/<name>.pack.json; loads counts the
// loader's calls.
func newTestServer(t *testing.T, name string, opts Options) (*httptest.Server, *Server, *atomic.Int32) {
	t.Helper()
	var loads atomic.Int32
	path := "../testdata/packs/" + name + ".pack.json"
	opts.Load = func(context.Context) (*Build, error) {
		loads.Add(1)
		target, err := lint.ReadPack(path, 16<<20)
		if err != nil {
			return nil, err
		}
		return &Build{Source: path, Pack: target.Pack, Findings: pipeline.LintRules().Check(target)}, nil
	}
	ts, s := serveStudio(t, opts)
	return ts, s, &loads
}

// serveStudio serves a studio of opts on loopback for the test.
func serveStudio(t *testing.T, opts Options) (*httptest.Server, *Server) {
	t.Helper()
	s, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(nil)
	ts.Config.Handler = s.Handler(ts.Listener.Addr().String())
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, s
}

func post(t *testing.T, ts *httptest.Server, path string, body any, header map[string]string) (int, map[string]any) {
	t.Helper()
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", ts.URL+path, strings.NewReader(string(data)))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

func get(t *testing.T, ts *httptest.Server, path string, host string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", ts.URL+path, nil)
	if host != "" {
		req.Host = host
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, data
}

func TestJourneyAPI(t *testing.T) {
	ts, _, _ := newTestServer(t, "mini", Options{})
	code, pack := get(t, ts, "/api/pack", "")
	if code != 200 || !strings.Contains(string(pack), `"format": "tendays.pack"`) {
		t.Fatalf("GET /api/pack: %d %.200s", code, pack)
	}
	code, view := get(t, ts, "/api/view", "")
	var v View
	if err := json.Unmarshal(view, &v); code != 200 || err != nil || len(v.Regions) == 0 {
		t.Fatalf("GET /api/view: %d %v", code, err)
	}
	// A journey of the pack's days from its own regions: valid or not, the
	// answer has the journey check shape.
	days := v.Days
	cards := make([]string, days)
	for i := range cards {
		cards[i] = v.Regions[i%len(v.Regions)].ID
	}
	code, out := post(t, ts, "/api/journey", JourneyRequest{Cards: cards}, nil)
	if code != 200 {
		t.Fatalf("POST /api/journey: %d %v", code, out)
	}
	for _, k := range []string{"valid", "reason", "cards", "steps"} {
		if _, ok := out[k]; !ok {
			t.Errorf("the verdict has no %q: %v", k, out)
		}
	}
	code, out = post(t, ts, "/api/journey", JourneyRequest{Cards: []string{"nowhere"}}, nil)
	if code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "card 1") {
		t.Errorf("an unknown card: %d %v", code, out)
	}
	code, out = post(t, ts, "/api/journey", map[string]any{"cards": cards, "path": "/etc/passwd"}, nil)
	if code != 400 {
		t.Errorf("an unknown field: %d %v", code, out)
	}
}

// What a typed card names is the engine's reading, given with every
// answer (an unknown card's too), and a journey so far is checked without
// its trailing transport cards: the page matches no token itself.
func TestJourneyTokensAndSoFar(t *testing.T) {
	ts, s, _ := newTestServer(t, "mini", Options{})
	st, _ := s.state()
	b := st.played.journeys
	var region, other, transport string
	for c := range b.NumCards() {
		info := b.Card(engine.CardID(c))
		switch {
		case info.Kind == engine.RegionCard && region == "":
			region = info.Token
		case info.Kind == engine.RegionCard && other == "" && info.Token != region:
			other = info.Token
		case info.Kind != engine.RegionCard && transport == "":
			transport = info.Token
		}
	}
	if region == "" || other == "" || transport == "" {
		t.Fatalf("the mini pack should have two region cards and a transport card: %q %q %q", region, other, transport)
	}
	lower := strings.ToLower(region) // tokens are read case-insensitively, by the engine
	cards := []string{lower, transport, other, transport}
	var got JourneyVerdict
	code, body := postRaw(t, ts, "/api/journey", JourneyRequest{Cards: cards, SoFar: true})
	if err := json.Unmarshal(body, &got); code != 200 || err != nil {
		t.Fatalf("a journey so far: %d %v %s", code, err, body)
	}
	if got.Checked != 3 || len(got.Cards) != 3 {
		t.Errorf("so far %v: checked %d cards %v, want the three before the trailing %s", cards, got.Checked, got.Cards, transport)
	}
	wantKinds := []string{"region", b.Card(mustLookup(t, b, transport)).Kind.String(), "region", b.Card(mustLookup(t, b, transport)).Kind.String()}
	for i, tv := range got.Tokens {
		if tv.Kind != wantKinds[i] || (tv.Kind == "region") != (tv.Region != "") {
			t.Errorf("token %q: %+v, want kind %s", cards[i], tv, wantKinds[i])
		}
	}
	code, body = postRaw(t, ts, "/api/journey", JourneyRequest{Cards: []string{region, transport}, SoFar: true})
	if err := json.Unmarshal(body, &got); code != 200 || err != nil || got.Checked != 0 || got.Steps == nil {
		t.Errorf("one region card and a transport: nothing to check yet, got %d %s", code, body)
	}
	code, body = postRaw(t, ts, "/api/journey", JourneyRequest{Cards: []string{lower, transport, other, transport[:1]}, SoFar: true})
	if err := json.Unmarshal(body, &got); code != 200 || err != nil || got.Checked != 3 {
		t.Errorf("a last token half typed is left for later: %d %s", code, body)
	}
	code, body = postRaw(t, ts, "/api/journey", JourneyRequest{Cards: []string{region, "nowhere", other}})
	var bad struct {
		Error  string      `json:"error"`
		Tokens []TokenView `json:"tokens"`
	}
	if err := json.Unmarshal(body, &bad); code != 400 || err != nil || len(bad.Tokens) != 3 || bad.Tokens[0].Kind != "region" || bad.Tokens[1].Kind != "" || bad.Tokens[2].Region == "" {
		t.Errorf("an unknown card in the middle: %d %s", code, body)
	}
}

func mustLookup(t *testing.T, b *engine.Board, token string) engine.CardID {
	t.Helper()
	c, err := b.Lookup(token)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// postRaw posts JSON and returns the status and the body as sent.
func postRaw(t *testing.T, ts *httptest.Server, path string, body any) (int, []byte) {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest("POST", ts.URL+path, bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, out
}

func TestGuard(t *testing.T) {
	ts, _, _ := newTestServer(t, "mini", Options{Doctor: Measures{}})
	if code, body := get(t, ts, "/api/pack", "evil.example:80"); code != http.StatusMisdirectedRequest {
		t.Errorf("GET with Host evil.example: %d %s", code, body)
	}
	u, _ := url.Parse(ts.URL)
	if code, _ := get(t, ts, "/api/pack", "localhost:"+u.Port()); code != 200 {
		t.Errorf("GET with Host localhost:PORT: %d", code)
	}
	if code, _ := post(t, ts, "/api/journey", JourneyRequest{Cards: []string{"x"}}, map[string]string{"Host": "evil.example"}); code != http.StatusMisdirectedRequest {
		t.Errorf("POST with another Host: %d", code)
	}
	if code, out := post(t, ts, "/api/journey", JourneyRequest{Cards: []string{"x"}}, map[string]string{"Origin": "http://evil.example"}); code != http.StatusForbidden {
		t.Errorf("POST from another origin: %d %v", code, out)
	}
	if code, out := post(t, ts, "/api/journey", JourneyRequest{Cards: []string{"x"}}, map[string]string{"Sec-Fetch-Site": "cross-site"}); code != http.StatusForbidden {
		t.Errorf("POST with Sec-Fetch-Site cross-site: %d %v", code, out)
	}
	if code, out := post(t, ts, "/api/journey", JourneyRequest{Cards: []string{"x"}}, map[string]string{"Content-Type": "text/plain"}); code != http.StatusUnsupportedMediaType {
		t.Errorf("POST of text/plain (what a form can send): %d %v", code, out)
	}
	if code, out := post(t, ts, "/api/doctor/apply", ProposalsRequest{Proposals: []string{"1"}}, nil); code != http.StatusForbidden || !strings.Contains(fmt.Sprint(out["error"]), "--allow-edit") {
		t.Errorf("apply without --allow-edit: %d %v", code, out)
	}
	big := strings.Repeat("x", maxBody+10)
	if code, _ := post(t, ts, "/api/journey", JourneyRequest{Cards: []string{big}}, nil); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over %d bytes: %d", maxBody, code)
	}
}

func TestEventsOnReload(t *testing.T) {
	ts, s, loads := newTestServer(t, "mini", Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/events", nil)
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	r := bufio.NewReader(res.Body)
	next := func() (string, string) {
		var name, data string
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("reading events: %v", err)
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "event: "):
				name = line[7:]
			case strings.HasPrefix(line, "data: "):
				data = line[6:]
			case line == "" && name != "":
				return name, data
			}
		}
	}
	if name, data := next(); name != "hello" || !strings.Contains(data, `"version":1`) {
		t.Fatalf("first event %s %s", name, data)
	}
	s.Reload(ctx)
	if name, data := next(); name != "build" || !strings.Contains(data, `"version":2`) {
		t.Fatalf("after a reload: %s %s", name, data)
	}
	if loads.Load() != 2 {
		t.Errorf("%d loads, want 2", loads.Load())
	}
}

// A whole game through the API: take from the draw pile and discard it,
// until a bot wins or the game stalls.
func TestGameAPI(t *testing.T) {
	ts, _, _ := newTestServer(t, "mini", Options{})
	code, g := post(t, ts, "/api/games", GameRequest{Bots: 1, Bot: "greedy", Seed: 3}, nil)
	if code != http.StatusCreated {
		t.Fatalf("POST /api/games: %d %v", code, g)
	}
	id := g["id"].(string)
	if d := g["drawPiles"].([]any); len(d) != 1 || len(g["tops"].([]any)) != 3 || len(g["pileDraw"].([]any)) != 3 {
		t.Errorf("a one-map game: draw piles %v, %d face-up piles", d, len(g["tops"].([]any)))
	}
	// One draw pile: draw 1 names none, whatever the phase.
	if code, out := post(t, ts, "/api/games/"+id+"/moves", game.Action{Action: "take", From: -1, Draw: 1}, nil); code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "no draw pile 1 (want 0 to 0)") {
		t.Errorf("draw pile 1 of one: %d %v", code, out)
	}
	g = playTo(t, ts, g, nil)
	if g["winner"].(float64) >= 0 {
		j := g["journey"].(map[string]any)
		if j["valid"] != true {
			t.Errorf("the winning journey is not valid: %v", j)
		}
	} else if g["stalled"] != true {
		t.Errorf("over, with no winner and not stalled: %v", g)
	}
	code, out := post(t, ts, "/api/games/"+id+"/moves", game.Action{Action: "take", From: -1}, nil)
	if code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "over") {
		t.Errorf("a move after the end: %d %v", code, out)
	}
	if code, _ := get(t, ts, "/api/games/nope", ""); code != 404 {
		t.Errorf("an unknown game: %d", code)
	}
}

func TestMeasureDoctor(t *testing.T) {
	ts, _, _ := newTestServer(t, "mini", Options{Doctor: Measures{Options: MeasureOptions{Games: 20}}})
	code, body := get(t, ts, "/api/doctor", "")
	if code != 200 {
		t.Fatalf("GET /api/doctor: %d %s", code, body)
	}
	var out struct {
		Report Report `json:"report"`
	}
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, c := range out.Report.Charts {
		ids[c.ID] = len(c.Bars) > 0
	}
	for _, id := range []string{"journeys", "colors", "games"} {
		if !ids[id] {
			t.Errorf("no %s chart with bars: %+v", id, out.Report)
		}
	}
}

func TestMarkRegions(t *testing.T) {
	in := `<path id="region-NY" class="region" d="M0 0Z"/><path id="sea-x" class="sea"/>`
	got := markRegions(in)
	want := `<path id="region-NY" class="region" data-region="NY" d="M0 0Z"/><path id="sea-x" class="sea"/>`
	if got != want {
		t.Errorf("markRegions:\n got %s\nwant %s", got, want)
	}
}

// A pack the loader marks unplayable (lint errors) shows, but checks no
// journey and starts no game.
func TestUnplayable(t *testing.T) {
	target, err := lint.ReadPack("../testdata/packs/faulty.pack.json", 16<<20)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(context.Background(), Options{Load: func(context.Context) (*Build, error) {
		return &Build{Pack: target.Pack, Findings: pipeline.LintRules().Check(target), Unplayable: "the pack has 2 lint error(s)"}, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(nil)
	ts.Config.Handler = s.Handler(ts.Listener.Addr().String())
	ts.Start()
	defer ts.Close()
	if code, out := post(t, ts, "/api/journey", JourneyRequest{Cards: []string{"a"}}, nil); code != http.StatusConflict || !strings.Contains(fmt.Sprint(out["error"]), "lint error") {
		t.Errorf("a journey on an unplayable pack: %d %v", code, out)
	}
	if code, out := post(t, ts, "/api/games", GameRequest{Bots: 1}, nil); code != http.StatusConflict {
		t.Errorf("a game on an unplayable pack: %d %v", code, out)
	}
	code, body := get(t, ts, "/api/view", "")
	var v View
	if err := json.Unmarshal(body, &v); code != 200 || err != nil || v.Playable == "" || len(v.Findings) == 0 {
		t.Errorf("the view of an unplayable pack: %d %v playable=%q findings=%d", code, err, v.Playable, len(v.Findings))
	}
	pinned := false
	for _, f := range v.Findings {
		pinned = pinned || f.Region != ""
	}
	if !pinned {
		t.Errorf("no finding pinned on a region: %+v", v.Findings)
	}
}

// The swap, where the game allows it: refused without it, a whole turn with it.
func TestGameSwap(t *testing.T) {
	ts, _, _ := newTestServer(t, "mini", Options{})
	for _, swap := range []string{"off", "on"} {
		code, g := post(t, ts, "/api/games", GameRequest{Bots: 1, Seed: 5, Swap: swap}, nil)
		if code != http.StatusCreated {
			t.Fatalf("swap %s: %d %v", swap, code, g)
		}
		id := g["id"].(string)
		for g["phase"] == "filling" {
			day := 0
			for i, c := range g["holder"].([]any) {
				if c == nil {
					day = i
					break
				}
			}
			_, g = post(t, ts, "/api/games/"+id+"/moves", game.Action{Action: "place", Day: day}, nil)
		}
		if g["phase"] != "choosing" {
			t.Fatalf("after the fill: %v", g["phase"])
		}
		if g["swapAllowed"] != (swap == "on") {
			t.Errorf("swap %s: swapAllowed %v", swap, g["swapAllowed"])
		}
		before := g["holder"].([]any)
		code, out := post(t, ts, "/api/games/"+id+"/moves", game.Action{Action: "swap", I: 0, J: 1}, nil)
		switch swap {
		case "off":
			if code != 400 || !strings.Contains(fmt.Sprint(out["error"]), "no swap") {
				t.Errorf("a swap in a game without it: %d %v", code, out)
			}
		case "on":
			if code != 200 {
				t.Fatalf("a swap: %d %v", code, out)
			}
			after := out["holder"].([]any)
			if out["phase"] != "over" && (fmt.Sprint(after[0]) != fmt.Sprint(before[1]) || fmt.Sprint(after[1]) != fmt.Sprint(before[0])) {
				t.Errorf("days 1 and 2 not swapped: %v → %v", before[:2], after[:2])
			}
		}
	}
}

func TestProposalPreview(t *testing.T) {
	p := &mapdata.Pack{Regions: []mapdata.Region{{ID: "IS", Name: "Isle"}, {ID: "FS", Name: "Farshore"}}}
	var pr Proposal
	pr.Preview(p, "append", []string{"links", "add"}, map[string]any{"a": "Isle", "b": "farshore", "kind": "ferry"})
	pr.Preview(p, "append", []string{"links", "add"}, map[string]any{"a": "Isle", "b": "Nowhere", "kind": "ferry"})
	pr.Preview(p, "append", []string{"seas", "north", "add"}, "FS")
	pr.Preview(p, "append", []string{"seas", "new-sea", "regions"}, "Isle")
	pr.Preview(p, "set", []string{"copies", "Isle"}, 2)
	if fmt.Sprint(pr.Links) != "[{IS FS ferry}]" || fmt.Sprint(pr.Regions) != "[FS IS]" {
		t.Errorf("preview: links %v, regions %v", pr.Links, pr.Regions)
	}
}

// The page draws the board's names in the Go fonts they were measured with.
func TestFonts(t *testing.T) {
	ts, _, _ := newTestServer(t, "mini", Options{})
	code, body := get(t, ts, "/fonts/go-bold.ttf", "")
	if code != 200 || len(body) < 10000 {
		t.Errorf("GET /fonts/go-bold.ttf: %d, %d bytes", code, len(body))
	}
	if code, _ := get(t, ts, "/fonts/arial.ttf", ""); code != 404 {
		t.Errorf("an unknown font: %d", code)
	}
}

// The page asks for the view in the browser's language: the regions that
// have a name in it are named so; serve --lang overrides the browser.
func TestViewInTheBrowsersLanguage(t *testing.T) {
	load := func(context.Context) (*Build, error) {
		// A fresh pack each build: the view must not change the build.
		target, err := lint.ReadPack("../testdata/packs/mini.pack.json", 16<<20)
		if err != nil {
			return nil, err
		}
		p := target.Pack.(*mapdata.Pack)
		for i := range p.Regions {
			if p.Regions[i].ID == "MID" {
				p.Regions[i].Names = map[string]string{"de": "Mittelgau", "ja": "ミッドシャー"}
			}
		}
		return &Build{Source: "mini", Pack: p}, nil
	}
	serve := func(lang string) *httptest.Server {
		s, err := New(context.Background(), Options{Load: load, Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewUnstartedServer(nil)
		ts.Config.Handler = s.Handler(ts.Listener.Addr().String())
		ts.Start()
		t.Cleanup(ts.Close)
		return ts
	}
	ts := serve("")
	_, view := get(t, ts, "/api/view?lang=de-AT", "")
	if !strings.Contains(string(view), "Mittelgau") {
		t.Errorf("the German view does not name Midshire Mittelgau")
	}
	_, view = get(t, ts, "/api/view?lang=en-US", "")
	if strings.Contains(string(view), "Mittelgau") || !strings.Contains(string(view), "Midshire") {
		t.Errorf("the English view is not the default one")
	}
	_, view = get(t, serve("ja"), "/api/view?lang=de", "")
	if !strings.Contains(string(view), "ミッドシャー") {
		t.Errorf("serve --lang ja does not win over the browser's language")
	}
}
