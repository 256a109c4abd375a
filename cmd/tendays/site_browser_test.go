package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestStaticSite opens the site `export --format site` writes as a file, in
// headless Chromium, with no server anywhere: the board's regions are on
// the page, a journey typed gets its verdict, and a game against three
// bots is played to its end by clicks, every answer the engine's, in the
// page. Every request the page makes must be for a file.
func TestStaticSite(t *testing.T) {
	b := newBrowser(t)
	dir := filepath.Join(t.TempDir(), "usa-site")
	tendays(t, "export", "usa", "--format", "site", "-o", dir)
	ctx := b.tab(t, 1500, 1000)
	var mu sync.Mutex
	var requests []string
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, e.Request.URL)
			mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatalf("Network.enable: %v", err)
	}
	page := (&url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Join(dir, "index.html"))}).String()
	// Not open(): its hooks import the studio's modules from a server's
	// root, and the site has none (its modules are one script). This test
	// reads only the page.
	// The board is drawn once the page is ready: wait for its regions.
	do(t, ctx, chromedp.Navigate(page), chromedp.WaitVisible(css(`body[data-ready="true"]`)), chromedp.WaitReady(css(`#board [data-region]`)))
	if n := eval[int](t, ctx, `document.querySelectorAll("#board [data-region]").length`); n < 50 {
		t.Errorf("%d regions on the board, want the 50 states", n)
	}
	if s := attr(t, ctx, `#status`, "data-status"); s != "static" {
		t.Errorf("status %q, want static", s)
	}

	// Typed as a person types: the verdict comes from the engine in the page.
	check := func(journey, want string) {
		eval[chromedp.Void](t, ctx, `document.querySelector("[data-journey-input]").value = ""`)
		do(t, ctx,
			chromedp.SendKeys(css(`[data-journey-input]`), journey+"\r"),
			chromedp.WaitVisible(css(fmt.Sprintf(`[data-verdict=%q]`, want))))
	}
	check("OR, car, AZ, plane:tan, OH, WV, PA, plane:light-blue, GA, FL", "valid")
	check("ME, car, NH, OH, MI, WI, plane:red, TX, plane:red, AK", "not valid")
	if v := text(t, ctx, `[data-verdict]`); !strings.Contains(v, "no third state borders both") {
		t.Errorf("the verdict reads %q", v)
	}

	do(t, ctx, chromedp.Click(css(`[data-tab="play"]`)))
	eval[chromedp.Void](t, ctx, `document.querySelector("#seed").value = "7"; document.querySelector("#bots").value = "3"; document.querySelector("#strength").value = "greedy"`)
	do(t, ctx,
		chromedp.Click(css(`[data-action="new-game"]`)),
		chromedp.WaitVisible(css(`#game[data-phase="filling"]`)))
	clicks := clickToTheEnd(t, ctx)
	outcome := attr(t, ctx, `[data-game-over]`, "data-game-over")
	t.Logf("a game in the static site: over after %d clicks: %s", clicks, outcome)
	if outcome == "won" || outcome == "lost" {
		if v := attr(t, ctx, `[data-winning-verdict]`, "data-winning-verdict"); v != "valid" {
			t.Errorf("the winning journey's verdict: %q", v)
		}
	} else if outcome != "stalled" {
		t.Errorf("game over reads %q", outcome)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, r := range requests {
		if !strings.HasPrefix(r, "file:") && !strings.HasPrefix(r, "data:") {
			t.Errorf("the page asked for %s: a static site asks no server", r)
		}
	}
	if len(requests) == 0 {
		t.Error("no request seen: the listener heard nothing")
	}
}

// TestBoardgameIOInBrowser loads the boardgame.io package in Chromium as a
// page does (browser.mjs, served from loopback): the engine checks a
// journey as journey check does and its bots play a game to its end, each
// move chosen from the mover's view and applied by the engine.
func TestBoardgameIOInBrowser(t *testing.T) {
	b := newBrowser(t)
	dir := filepath.Join(t.TempDir(), "tendays-usa")
	tendays(t, "export", "usa", "--format", "boardgameio", "-o", dir)
	page := `<!doctype html><meta charset="utf-8"><title>engine</title>
<script src="wasm_exec.js"></script>
<script type="module">
import { load } from "./browser.mjs";
const { engine, game } = await load();
let st = engine.deal(engine.setup({ players: 3 }), "11");
let moves = 0;
while (st.phase !== "over" && moves < 20000) {
  const seat = String(st.toMove);
  const m = engine.bot("greedy", game.playerView({ G: st, playerID: seat }), seat);
  st = engine.apply(st, seat, m);
  moves++;
}
window.result = { check: engine.check(["OR", "car", "AZ", "plane:tan", "OH", "WV", "PA", "plane:light-blue", "GA", "FL"]),
  winner: st.winner, stalled: st.stalled, moves, journey: st.journey && st.journey.valid };
document.body.dataset.ready = "true";
</script>`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "test.html"), []byte(page), 0o644))
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	ctx := b.tab(t, 800, 600)
	do(t, ctx, chromedp.Navigate(srv.URL+"/test.html"), chromedp.WaitVisible(css(`body[data-ready="true"]`)))
	type result struct {
		Check struct {
			Valid  bool
			Reason string
		}
		Winner  int
		Stalled bool
		Moves   int
		Journey bool
	}
	got := eval[result](t, ctx, `window.result`)
	if !got.Check.Valid || got.Check.Reason != "a valid 10-day journey" {
		t.Errorf("engine.check in the browser: %+v", got.Check)
	}
	if got.Stalled || got.Winner < 0 || !got.Journey {
		t.Errorf("the bots' game in the browser: %+v", got)
	}
	t.Logf("a game of %d moves in the browser, won by seat %d", got.Moves, got.Winner)
}
