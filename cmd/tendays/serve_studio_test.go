package main

// The studio on every screen and for every player: a phone's viewport, the
// keyboard, axe-core's WCAG 2.2 AA and best-practice rules, games from a
// URL, at a hot seat and on a route network, the doctor's proposals drawn
// on the board. Subtests of TestStudio (serve_browser_test.go), each in a
// tab of the shared browser.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/internal/testenv"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// Keys, and their names for messages.
const (
	kbTab    = kb.Tab
	kbEnter  = kb.Enter
	kbEscape = kb.Escape
	kbLeft   = kb.ArrowLeft
	kbRight  = kb.ArrowRight
	kbUp     = kb.ArrowUp
	kbDown   = kb.ArrowDown
)

func kbName(k string) string {
	return map[string]string{kbLeft: "ArrowLeft", kbRight: "ArrowRight", kbUp: "ArrowUp", kbDown: "ArrowDown"}[k]
}

// axeTags are the rule sets the studio answers to: WCAG 2.0 to 2.2 at
// levels A and AA, and axe-core's best practices.
var axeTags = []string{"wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"}

// axeSource is axe-core from testdata/node (npm ci --prefix testdata/node).
func axeSource(t *testing.T) string {
	t.Helper()
	path := filepath.Join(testenv.ModuleRoot(t), "testdata", "node", "node_modules", "axe-core", "axe.min.js")
	src, err := os.ReadFile(path)
	if err != nil {
		testenv.Missing(t, "axe-core is not installed ("+path+")", "npm ci --prefix testdata/node")
	}
	return string(src)
}

type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// axeCheck runs axe-core in the page (injected through the DevTools
// protocol, which the page's Content Security Policy does not govern) and
// fails on every violation.
func axeCheck(t *testing.T, ctx context.Context, src, where string) {
	t.Helper()
	if !eval[bool](t, ctx, `typeof window.axe === "object"`) {
		eval[chromedp.Void](t, ctx, src+"\n;void 0")
	}
	start := time.Now()
	tags, _ := json.Marshal(axeTags)
	js := fmt.Sprintf(`axe.run(document, {runOnly: {type: "tag", values: %s}, resultTypes: ["violations"]}).then(r =>
		r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map(n => n.target.join(" "))})))`, tags)
	vs := eval[[]axeViolation](t, ctx, js, chromedp.EvalAwaitPromise)
	t.Logf("axe-core on %s: %d violation(s) in %d ms", where, len(vs), time.Since(start).Milliseconds())
	for _, v := range vs {
		t.Errorf("axe-core on %s: %s (%s): %s — %s", where, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "; "))
	}
}

// clickGame clicks in the game panel and waits for the answer to be drawn.
func clickGame(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	count := attr(t, ctx, `#game`, "data-moves")
	do(t, ctx, chromedp.Click(css(sel)), chromedp.WaitVisible(css(fmt.Sprintf(`#game:not([data-moves=%q])`, count))))
	if eval[int](t, ctx, `document.querySelectorAll("[data-game-error]").length`) > 0 {
		t.Fatalf("%s: %s", sel, text(t, ctx, `[data-game-error]`))
	}
}

// playOnce makes one move for the person to move: the first open day
// while filling, a draw, then put clicks put (a day, or discard).
func playOnce(t *testing.T, ctx context.Context, put string) {
	t.Helper()
	switch attr(t, ctx, `#game`, "data-phase") {
	case "filling":
		clickGame(t, ctx, `#game [data-slot][data-open]`)
	case "choosing":
		clickGame(t, ctx, `#game [data-action="draw"]`)
	case "placing":
		clickGame(t, ctx, put)
	}
}

// A phone (390 × 844): the board at least 300 px wide, nothing wider than
// the screen, a region tapped; screenshots at phone, tablet and desktop
// sizes.
func studioPhone(t *testing.T, b *browser) {
	for _, ed := range []string{"usa", "around-the-world"} {
		url := startServe(t, ed, false)
		for _, size := range []struct {
			name string
			w, h int64
		}{{"phone", 390, 844}, {"small", 360, 740}, {"tablet", 820, 1180}, {"desktop", 1440, 900}, {"4k", 3840, 2160}} {
			if size.name != "phone" && ed != "usa" && os.Getenv("STUDIO_SCREENSHOTS") == "" {
				continue // the larger sizes of the larger board only for the screenshots
			}
			ctx := b.tab(t, size.w, size.h)
			open(t, ctx, url)
			boardW := eval[float64](t, ctx, `document.querySelector("#board").getBoundingClientRect().width`)
			scrollW := eval[float64](t, ctx, `document.scrollingElement.scrollWidth`)
			clientW := eval[float64](t, ctx, `document.documentElement.clientWidth`)
			t.Logf("%s at %d × %d: board %.0f px wide, page %.0f px wide in %.0f", ed, size.w, size.h, boardW, scrollW, clientW)
			if size.name == "phone" && boardW < 300 {
				t.Errorf("%s on a phone: the board is %.0f px wide, want at least 300", ed, boardW)
			}
			if scrollW > clientW {
				t.Errorf("%s at %s size: the page is %.0f px wide in a %.0f px window (sideways scroll)", ed, size.name, scrollW, clientW)
			}
			// Nothing sticks out to the side either.
			if wide := eval[[]string](t, ctx, `[...document.querySelectorAll("body *")].filter(e => { const r = e.getBoundingClientRect();
				return r.width > 0 && r.right > document.documentElement.clientWidth + 1 && !e.closest("#board svg"); }).slice(0, 5).map(e => e.tagName + (e.id ? "#" + e.id : "") + "." + e.className)`); len(wide) > 0 {
				t.Errorf("%s at %s size: elements past the right edge: %v", ed, size.name, wide)
			}
			if size.name == "phone" && ed == "usa" {
				// A tap on a small state reaches it: its marker, 24 px or more.
				id := "RI"
				pt := eval[[]float64](t, ctx, fmt.Sprintf(`window.studio.board.hitPoint(%q)`, id))
				hit := eval[string](t, ctx, fmt.Sprintf(`(() => { const e = document.elementFromPoint(%f, %f); const t = e && e.closest("[data-region],[data-marker]"); return t ? (t.dataset.region || t.dataset.marker) : ""; })()`, pt[0], pt[1]))
				size := eval[float64](t, ctx, fmt.Sprintf(`(() => { const m = document.querySelector('#markers [data-marker=%q] .hit'); return m ? m.getBoundingClientRect().width : 0; })()`, id))
				if hit != id || size < 24 {
					t.Errorf("a phone: Rhode Island's target is %q, %.0f px wide (want RI, at least 24)", hit, size)
				}
				do(t, ctx, chromedp.MouseClickXY(pt[0], pt[1]), chromedp.WaitVisible(css(`[data-panel="region"]`)))
				if name := text(t, ctx, `[data-panel="region"] h2`); !strings.Contains(name, "Rhode Island") {
					t.Errorf("tapping Rhode Island's marker shows %q", name)
				}
			}
			if os.Getenv("STUDIO_SCREENSHOTS") != "" {
				// The pictures show a journey drawn and a region chosen.
				journey, region := "OR, car, AZ, plane:tan, OH, WV, PA, plane:light-blue, GA, FL", "CO"
				if ed != "usa" {
					journey, region = combinedJourney, "europe.FRA"
				}
				do(t, ctx, chromedp.SetValue(css("#journey-input"), journey), chromedp.Click(css(`#journey button[type="submit"]`)),
					chromedp.WaitVisible(css(`#verdict[data-verdict="valid"]`)))
				eval[chromedp.Void](t, ctx, fmt.Sprintf(`window.studio.board.focus(%q, false); document.querySelector('#board [data-region=%q]').dispatchEvent(new MouseEvent("click", {bubbles: true}))`, region, region))
				eval[chromedp.Void](t, ctx, `window.scrollTo(0, 0)`)
			}
			if size.name != "4k" && size.name != "small" {
				screenshot(t, ctx, fmt.Sprintf("studio-%s-%s.png", ed, size.name))
			}
		}
	}
}

// The keyboard alone: a region reached with Tab, walked with the arrow
// keys to linked neighbours, added to the journey with Enter; Escape
// hides the verdict; the tabs answer the arrow keys; a move in a game
// keeps the focus where it was.
func studioKeyboard(t *testing.T, b *browser) {
	url := startServe(t, "usa", false)
	ctx := b.tab(t, 1280, 900)
	open(t, ctx, url)
	key := func(k string) { t.Helper(); do(t, ctx, chromedp.KeyEvent(k)) }
	active := func() string {
		t.Helper()
		return eval[string](t, ctx, `(() => { const a = document.activeElement; return a.dataset.region ? "region:" + a.dataset.region : (a.id || a.tagName); })()`)
	}
	// Colorado clicked is the board's region in the tab order; from the
	// last zoom button, Tab reaches the board, then Colorado.
	do(t, ctx, chromedp.Click(css(`#board [data-region="CO"]`)))
	eval[chromedp.Void](t, ctx, `document.querySelector('#fit-maps button').focus()`)
	key(kbTab)
	if a := active(); a != "board" {
		t.Fatalf("Tab after the zoom buttons focuses %q, want the board", a)
	}
	key(kbTab)
	start := active()
	if start != "region:CO" {
		t.Fatalf("the second Tab focuses %q, want region:CO", start)
	}
	// Walk: each arrow goes to a region linked to the one before.
	links := eval[map[string][]string](t, ctx, `Object.fromEntries(window.studio.view.regions.map(r => [r.id, r.foot.map(l => l.to).concat(r.car.map(l => l.to))]))`)
	pos := eval[map[string][]float64](t, ctx, `Object.fromEntries([...window.studio.board.pos].map(([k, v]) => [k, v]))`)
	cur := strings.TrimPrefix(start, "region:")
	walked := []string{cur}
	for _, k := range []string{kbRight, kbRight, kbDown, kbLeft, kbUp, kbRight} {
		key(k)
		next := strings.TrimPrefix(active(), "region:")
		if next == cur {
			continue // nothing that way
		}
		if !contains(links[cur], next) {
			t.Errorf("%s from %s went to %s, which is not linked to it", kbName(k), cur, next)
		}
		dx, dy := pos[next][0]-pos[cur][0], pos[next][1]-pos[cur][1]
		if (k == kbRight && dx <= 0) || (k == kbLeft && dx >= 0) || (k == kbDown && dy <= 0) || (k == kbUp && dy >= 0) {
			t.Errorf("%s from %s went to %s, the other way (%.0f, %.0f)", kbName(k), cur, next, dx, dy)
		}
		cur = next
		walked = append(walked, cur)
	}
	if len(walked) < 4 {
		t.Errorf("the arrows walked only %v", walked)
	}
	t.Logf("walked by keyboard: %v", walked)
	// Enter adds the focused region to the journey; the focus stays.
	key(kbEnter)
	if got := eval[string](t, ctx, `document.querySelector("[data-journey-input]").value`); got != cur {
		t.Errorf("Enter on %s: the journey reads %q", cur, got)
	}
	if a := active(); a != "region:"+cur {
		t.Errorf("after Enter the focus is on %q, want region:%s", a, cur)
	}
	// The live region speaks a moment after (it is emptied first, so that
	// the same words said twice are heard twice): wait for it.
	if said := eval[[]string](t, ctx, `new Promise((ok) => { const t0 = Date.now(); (function wait() {
		const a = window.studio.announced;
		if ((a.length && a.at(-1).includes("added to the journey")) || Date.now() - t0 > 3000) ok(a); else setTimeout(wait, 20);
	})(); })`, chromedp.EvalAwaitPromise); len(said) == 0 || !strings.Contains(said[len(said)-1], "added to the journey") {
		t.Errorf("the live region said %q", said)
	}
	// A whole journey by keys: the verdict shows and Escape hides it.
	eval[chromedp.Void](t, ctx, `document.querySelector("[data-journey-input]").focus()`)
	do(t, ctx, chromedp.SetValue(css("[data-journey-input]"), "OR, car, AZ, plane:tan, OH, WV, PA, plane:light-blue, GA, FL"))
	key(kbEnter)
	do(t, ctx, chromedp.WaitVisible(css(`[data-verdict="valid"]`)))
	key(kbEscape)
	do(t, ctx, chromedp.WaitNotVisible(css(`#verdict-box`)))
	// The tabs: arrow keys move between them.
	eval[chromedp.Void](t, ctx, `document.querySelector('[role="tab"][aria-selected="true"]').focus()`)
	key(kbRight)
	if sel := attr(t, ctx, `[role="tab"][aria-selected="true"]`, "data-tab"); sel != "findings" || active() != "tab-btn-findings" {
		t.Errorf("ArrowRight on the Region tab: %q selected, focus on %q", sel, active())
	}
	key(kbRight)
	key(kbRight) // Play
	if attr(t, ctx, `#tab-play`, "hidden") != "" && eval[bool](t, ctx, `document.querySelector("#tab-play").hidden`) {
		t.Fatal("the Play panel did not open")
	}
	// A move by keyboard keeps the focus on the pile.
	eval[chromedp.Void](t, ctx, `document.querySelector("#seed").value = "5"; document.querySelector("#bots").value = "1"`)
	do(t, ctx, chromedp.Click(css(`[data-action="new-game"]`)), chromedp.WaitVisible(css(`#game[data-phase="filling"]`)))
	for attr(t, ctx, `#game`, "data-phase") == "filling" {
		eval[chromedp.Void](t, ctx, `document.querySelector("#game [data-slot][data-open]").focus()`)
		count := attr(t, ctx, `#game`, "data-moves")
		key(kbEnter)
		do(t, ctx, chromedp.WaitVisible(css(fmt.Sprintf(`#game:not([data-moves=%q])`, count))))
		if a := eval[string](t, ctx, `document.activeElement.closest("#game") ? "game" : document.activeElement.tagName`); a != "game" {
			t.Fatalf("after a move by keyboard the focus left the game panel for %s", a)
		}
	}
	if attr(t, ctx, `#game`, "data-phase") == "choosing" {
		eval[chromedp.Void](t, ctx, `document.querySelector('#game [data-action="draw"]').focus()`)
		count := attr(t, ctx, `#game`, "data-moves")
		key(kbEnter)
		do(t, ctx, chromedp.WaitVisible(css(fmt.Sprintf(`#game:not([data-moves=%q])`, count))))
		if !eval[bool](t, ctx, `document.activeElement.matches('#game [data-action="draw"]')`) {
			t.Errorf("after drawing by keyboard the focus is on %s", active())
		}
	}
}

// axe-core finds nothing on every bundled edition (a region selected, a
// journey drawn) nor in a game.
func studioAxe(t *testing.T, b *browser) {
	src := axeSource(t)
	for _, ed := range []string{"usa", "europe", "africa", "asia", "americas", "around-the-world", "across-the-us"} {
		t.Run(ed, func(t *testing.T) {
			url := startServe(t, ed, false)
			ctx := b.tab(t, 1280, 900)
			open(t, ctx, url)
			kind := eval[string](t, ctx, `window.studio.view.kind`)
			if kind == "regions" {
				first := eval[string](t, ctx, `window.studio.view.regions[0].id`)
				do(t, ctx, chromedp.Click(css(fmt.Sprintf(`#board [data-region=%q]`, first))), chromedp.WaitVisible(css(`[data-panel="region"]`)))
				eval[chromedp.Void](t, ctx, `document.querySelector("[data-journey-input]").value = window.studio.view.regions.slice(0, 3).map(r => r.id).join(", ")`)
				do(t, ctx, chromedp.Click(css(`#journey button[type="submit"]`)), chromedp.WaitVisible(css(`#verdict[data-verdict="not valid"]`)))
			}
			axeCheck(t, ctx, src, ed)
			if ed == "usa" || ed == "across-the-us" {
				do(t, ctx, chromedp.Click(css(`[data-tab="play"]`)))
				do(t, ctx, chromedp.Click(css(`[data-action="new-game"]`)), chromedp.WaitVisible(css(`#game:not([data-phase="none"])`)))
				axeCheck(t, ctx, src, ed+", in a game")
			}
		})
	}
}

// A game from a URL with a 19-digit seed carries it exactly; the URL
// then holds the moves, and the same URL in another tab shows the same
// game; undo takes a move back.
func studioSeedURL(t *testing.T, b *browser) {
	const seed = "9516605731998057287" // past 2^53: a JavaScript number would round it
	url := startServe(t, "usa", false)
	ctx := b.tab(t, 1280, 900)
	open(t, ctx, url+"?play&seed="+seed+"&bots=2")
	do(t, ctx, chromedp.WaitVisible(css(`#game[data-phase="filling"]`)))
	if got := attr(t, ctx, `#game`, "data-seed"); got != seed {
		t.Fatalf("data-seed %q, want %q", got, seed)
	}
	if got := text(t, ctx, `[data-seed-text]`); got != seed {
		t.Errorf("the seed shown: %q", got)
	}
	if log := eval[[]string](t, ctx, `window.studio.game.log`); !strings.Contains(log[0], "seed "+seed) {
		t.Errorf("the server's log: %q", log[0])
	}
	for i := 0; i < 14 && attr(t, ctx, `#game`, "data-phase") != "over"; i++ {
		playOnce(t, ctx, `#game [data-slot="3"]`)
	}
	search := eval[string](t, ctx, `location.search`)
	if !strings.Contains(search, "seed="+seed) || !strings.Contains(search, "moves=") || !strings.Contains(search, "bots=2") {
		t.Fatalf("the URL after some moves: %s", search)
	}
	state := `JSON.stringify({holder: window.studio.game.holder, tops: window.studio.game.tops, turns: window.studio.game.turns, log: window.studio.game.log})`
	here := eval[string](t, ctx, state)
	other := b.tab(t, 1280, 900)
	open(t, other, url+search)
	do(t, other, chromedp.WaitVisible(css(fmt.Sprintf(`#game[data-seed=%q]`, seed))))
	if there := eval[string](t, other, state); there != here {
		t.Errorf("the same URL in another tab shows another game:\n%s\n%s", here, there)
	}
	// Undo: the last move taken back, the URL one move shorter.
	before := eval[string](t, ctx, `window.studio.game.moves`)
	clickGame(t, ctx, `#game [data-action="undo"]`)
	after := eval[string](t, ctx, `window.studio.game.moves`)
	if len(after) >= len(before) || !strings.HasPrefix(before, after) || !strings.Contains(eval[string](t, ctx, `decodeURIComponent(location.search)`), "moves="+after) {
		t.Errorf("undo: moves %q → %q, URL %s", before, after, eval[string](t, ctx, `location.search`))
	}
}

// Two people at one screen and a bot, to the end: each person's cards hide
// behind a curtain until they say it is them; the finished game replays
// step by step, and its log replays in the engine without the bots.
func studioHotSeat(t *testing.T, b *browser) {
	url := startServe(t, "usa", false)
	ctx := b.tab(t, 1280, 900)
	open(t, ctx, url)
	do(t, ctx, chromedp.Click(css(`[data-tab="play"]`)))
	eval[chromedp.Void](t, ctx, `(() => { const f = document.querySelector("#new-game");
		f.querySelector("#humans").value = "2"; f.querySelector("#bots").value = "1"; f.querySelector("#seed").value = "18";
		f.querySelector("#turn-cap").value = "60"; })()`)
	do(t, ctx, chromedp.Click(css(`[data-action="new-game"]`)), chromedp.WaitVisible(css(`#game[data-curtain="1"]`)))
	curtains, viewers := 0, map[string]bool{}
	for clicks := 0; attr(t, ctx, `#game`, "data-phase") != "over"; clicks++ {
		if clicks > 1500 {
			t.Fatal("the game does not end")
		}
		if eval[bool](t, ctx, `document.querySelector("#game").hasAttribute("data-curtain")`) {
			if n := eval[int](t, ctx, `document.querySelectorAll("#game .holder:not(.small) .card").length`); n != 0 {
				t.Fatalf("behind the curtain %d cards of the holder show", n)
			}
			curtains++
			if curtains == 21 {
				screenshot(t, ctx, "studio-hot-seat.png")
			}
			clickGame(t, ctx, `#game [data-action="reveal"]`)
			viewers[attr(t, ctx, `#game`, "data-viewer")] = true
			continue
		}
		playOnce(t, ctx, `#game [data-action="discard"]`)
	}
	over := attr(t, ctx, `[data-game-over]`, "data-game-over")
	turns := eval[int](t, ctx, `window.studio.game.turns`)
	t.Logf("hot seat, seed 18: %s after %d turns, %d curtains", over, turns, curtains)
	if curtains < 10 || !viewers["0"] || !viewers["1"] {
		t.Errorf("%d curtains, people shown %v", curtains, viewers)
	}
	// Step by step.
	steps := eval[int](t, ctx, `window.studio.game.steps`)
	clickGame(t, ctx, `#game [data-action="replay"]`)
	if attr(t, ctx, `#game`, "data-replay-step") != "0" {
		t.Fatalf("the replay starts at %q", attr(t, ctx, `#game`, "data-replay-step"))
	}
	clickGame(t, ctx, `#game [aria-label="next move"]`)
	if attr(t, ctx, `#game`, "data-replay-step") != "1" || !strings.Contains(text(t, ctx, `[data-replay-last]`), "put ") {
		t.Errorf("one step on: %q %q", attr(t, ctx, `#game`, "data-replay-step"), text(t, ctx, `[data-replay-last]`))
	}
	screenshot(t, ctx, "studio-replay.png")
	clickGame(t, ctx, `#game [aria-label="last move"]`)
	if got := attr(t, ctx, `#game`, "data-replay-step"); got != fmt.Sprint(steps) {
		t.Errorf("the last step: %s, want %d", got, steps)
	}
	// The log, as the page downloads it, replays without the bots.
	logJSON := eval[string](t, ctx, `fetch(document.querySelector("[data-game-log]").href).then(r => r.text())`, chromedp.EvalAwaitPromise)
	rec, err := game.DecodeRecord([]byte(logJSON))
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(url + "api/pack")
	if err != nil {
		t.Fatal(err)
	}
	packJSON, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	target, err := lint.DecodePack("usa.pack.json", packJSON)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := engine.Compile(target.Pack.(*mapdata.Pack))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := game.Replay(eb, rec, nil); err != nil {
		t.Errorf("the downloaded log does not replay: %v", err)
	}
	if strings.Join(rec.Seats, ",") != "human,human,greedy" || rec.Seed != "18" || len(rec.Moves) != steps {
		t.Errorf("the log: seats %v, seed %s, %d moves (want %d)", rec.Seats, rec.Seed, len(rec.Moves), steps)
	}
}

// Across the United States against a bot, by clicks, to its scores: the
// sealed final offering on the way, the cubes on the board.
func studioAcross(t *testing.T, b *browser) {
	url := startServe(t, "across-the-us", false)
	ctx := b.tab(t, 1280, 900)
	open(t, ctx, url+"?play&bots=1&seed=4")
	do(t, ctx, chromedp.WaitVisible(css(`#game[data-phase="lay"]`)))
	final := false
	clicks := 0
	for ; attr(t, ctx, `#game`, "data-phase") != "over"; clicks++ {
		if clicks > 600 {
			t.Fatal("the game does not end")
		}
		if attr(t, ctx, `#game`, "data-phase") == "final" {
			final = true
			if k := attr(t, ctx, `#game [data-choice="0"]`, "data-kind"); k != "keep" {
				t.Errorf("the final offering offers %q", k)
			}
		}
		clickGame(t, ctx, `#game [data-choice="0"]`)
	}
	cubes := eval[int](t, ctx, `document.querySelectorAll("#board .cube-space.placed").length`)
	rows := eval[int](t, ctx, `document.querySelectorAll("#game table.scores tbody tr").length`)
	t.Logf("across the US, seed 4: over after %d clicks; %s; %d cubes on the board", clicks, text(t, ctx, `[data-game-over] h3`), cubes)
	if !final || rows != 2 || cubes == 0 || !strings.Contains(text(t, ctx, `[data-final]`), "kept") {
		t.Errorf("the end: final offering seen %v, %d score rows, %d cubes, %q", final, rows, cubes, text(t, ctx, `[data-final]`))
	}
	screenshot(t, ctx, "studio-across-the-us-play.png")
	// At 360 px the score headings stay apart (issue 36: they overlapped).
	do(t, ctx, chromedp.EmulateViewport(360, 740))
	overlaps := eval[[]string](t, ctx, `(() => {
		const ths = [...document.querySelectorAll("#game table.scores thead th")];
		const out = [];
		ths.forEach((th, i) => {
			if (th.scrollWidth > th.clientWidth + 1) out.push(th.textContent + " is cut");
			const next = ths[i + 1];
			if (!next) return;
			const a = document.createRange(); a.selectNodeContents(th);
			const b = document.createRange(); b.selectNodeContents(next);
			if (a.getBoundingClientRect().right > b.getBoundingClientRect().left + 0.5) out.push(th.textContent + " runs into " + next.textContent);
		});
		return out;
	})()`)
	if len(overlaps) > 0 {
		t.Errorf("the score headings at 360 px: %v", overlaps)
	}
}

// The doctor's proposals on the board: hovering a proposed ferry draws it;
// after Apply the report is made again for the new build.
func studioDoctorPreview(t *testing.T, b *browser) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(testenv.ModuleRoot(t), "advise", "testdata", "island"))); err != nil {
		t.Fatal(err)
	}
	url := startServe(t, dir, true)
	ctx := b.tab(t, 1280, 900)
	open(t, ctx, url)
	do(t, ctx, chromedp.Click(css(`[data-tab="doctor"]`)), chromedp.Click(css(`[data-action="doctor"]`)),
		chromedp.WaitVisible(css(`[data-proposal]`)))
	version := attr(t, ctx, `#doctor`, "data-version")
	ferry := eval[string](t, ctx, `(() => { const li = [...document.querySelectorAll("[data-proposal]")].find(e => e.textContent.includes("add a ferry")); return li ? li.dataset.proposal : ""; })()`)
	if ferry == "" {
		t.Fatalf("no ferry proposed: %s", text(t, ctx, `#doctor`))
	}
	sel := fmt.Sprintf(`[data-proposal=%q]`, ferry)
	eval[chromedp.Void](t, ctx, `document.querySelector('`+sel+`').dispatchEvent(new MouseEvent("mouseenter"))`)
	drawn := eval[[]string](t, ctx, `[...document.querySelectorAll("#preview [data-proposed]")].map(e => e.dataset.proposed)`)
	if len(drawn) != 1 {
		t.Errorf("hovering the ferry draws %v", drawn)
	}
	eval[chromedp.Void](t, ctx, `document.querySelector('`+sel+`').dispatchEvent(new MouseEvent("mouseleave"))`)
	if n := eval[int](t, ctx, `document.querySelectorAll("#preview [data-proposed]").length`); n != 0 {
		t.Errorf("the ferry stays drawn after the pointer leaves (%d)", n)
	}
	do(t, ctx, chromedp.Click(css(sel+` [data-apply]`)), chromedp.WaitVisible(css(`[data-applied]`)))
	if now := attr(t, ctx, `#doctor`, "data-version"); now == version || eval[bool](t, ctx, `document.querySelector("#doctor").classList.contains("stale")`) {
		t.Errorf("after Apply the report is of build %s (before %s), stale %v", now, version, eval[bool](t, ctx, `document.querySelector("#doctor").classList.contains("stale")`))
	}
}

// Zoom and pan: the wheel about the pointer, two fingers, a drag (which
// is no click), the buttons and the keys; markers shrink in number as the
// regions grow on screen.
func studioZoom(t *testing.T, b *browser) {
	url := startServe(t, "usa", false)
	ctx := b.tab(t, 1280, 900)
	open(t, ctx, url)
	scale := func() float64 { t.Helper(); return eval[float64](t, ctx, `window.studio.board.scale()`) }
	markers := func() int {
		t.Helper()
		return eval[int](t, ctx, `new Promise(ok => requestAnimationFrame(() => ok(document.querySelectorAll("#markers [data-marker]").length)))`, chromedp.EvalAwaitPromise)
	}
	fit, before := scale(), markers()
	// The wheel zooms about the pointer: the point under it stays put.
	under := eval[[]float64](t, ctx, `(() => { const r = document.querySelector("#board").getBoundingClientRect(); const x = r.left + r.width * 0.8, y = r.top + r.height * 0.3;
		const p = window.studio.board.toPicture(x, y);
		document.querySelector("#board").dispatchEvent(new WheelEvent("wheel", {deltaY: -500, clientX: x, clientY: y, bubbles: true, cancelable: true}));
		const q = window.studio.board.toPicture(x, y); return [p[0] - q[0], p[1] - q[1]]; })()`)
	if k := scale(); k <= fit*1.5 || abs(under[0]) > 0.5 || abs(under[1]) > 0.5 {
		t.Errorf("the wheel: scale %.3f → %.3f, the point under the pointer moved by %v", fit, k, under)
	}
	if after := markers(); after >= before {
		t.Errorf("zoomed in, %d markers (%d before)", after, before)
	}
	// Keys on the board: 0 fits, + zooms, an arrow pans.
	eval[chromedp.Void](t, ctx, `document.querySelector("#board").focus()`)
	do(t, ctx, chromedp.KeyEvent("0"))
	if k := scale(); abs(k-fit) > 1e-6 {
		t.Errorf("0: scale %.4f, want the fit %.4f", k, fit)
	}
	do(t, ctx, chromedp.KeyEvent("+"))
	x0 := eval[float64](t, ctx, `window.studio.board.vb.x`)
	do(t, ctx, chromedp.KeyEvent(kbRight))
	if k, x1 := scale(), eval[float64](t, ctx, `window.studio.board.vb.x`); abs(k-fit*1.5) > 1e-6 || x1 <= x0 {
		t.Errorf("+ then ArrowRight: scale %.4f (want %.4f), view x %.1f → %.1f", k, fit*1.5, x0, x1)
	}
	// Two fingers apart: a pinch zooms in; a drag pans and selects nothing.
	k0 := scale()
	eval[chromedp.Void](t, ctx, `(() => { const b = document.querySelector("#board"), r = b.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
		const ev = (type, id, x) => b.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: "touch", clientX: x, clientY: cy, bubbles: true, isPrimary: id === 1}));
		ev("pointerdown", 1, cx - 40); ev("pointerdown", 2, cx + 40);
		for (let i = 1; i <= 5; i++) { ev("pointermove", 1, cx - 40 - 12 * i); ev("pointermove", 2, cx + 40 + 12 * i); }
		ev("pointerup", 1, cx - 100); ev("pointerup", 2, cx + 100); })()`)
	if k := scale(); k < k0*1.8 {
		t.Errorf("a pinch from 80 to 200 px: scale %.3f → %.3f", k0, k)
	}
	vx := eval[float64](t, ctx, `window.studio.board.vb.x`)
	eval[chromedp.Void](t, ctx, `(() => { const b = document.querySelector("#board"), r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
		const ev = (type, dx) => b.dispatchEvent(new PointerEvent(type, {pointerId: 7, pointerType: "mouse", button: 0, clientX: x + dx, clientY: y, bubbles: true, isPrimary: true}));
		ev("pointerdown", 0); ev("pointermove", 30); ev("pointermove", 120); ev("pointerup", 120);
		document.elementFromPoint(x + 120, y).dispatchEvent(new MouseEvent("click", {bubbles: true, clientX: x + 120, clientY: y})); })()`)
	if vx2 := eval[float64](t, ctx, `window.studio.board.vb.x`); vx2 >= vx {
		t.Errorf("a drag to the right: the view's x %.1f → %.1f", vx, vx2)
	}
	if eval[bool](t, ctx, `!document.querySelector('[data-panel="region"]').hidden`) {
		t.Error("the click ending a drag chose a region")
	}
	// The buttons: fit the map, then the whole board.
	do(t, ctx, chromedp.Click(css(`#fit-maps [data-zoom="map"]`)))
	mb := eval[[]float64](t, ctx, `window.studio.view.mapBox`)
	vb := eval[map[string]float64](t, ctx, `window.studio.board.vb`)
	if vb["x"] > mb[0]+1 || vb["x"]+vb["w"] < mb[2]-1 || vb["y"] > mb[1]+1 || vb["y"]+vb["h"] < mb[3]-1 {
		t.Errorf("Fit map shows %v, the map is %v", vb, mb)
	}
	do(t, ctx, chromedp.Click(css(`[data-zoom="board"]`)))
	if k := scale(); abs(k-fit) > 1e-6 {
		t.Errorf("Fit board: scale %.4f, want %.4f", k, fit)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
