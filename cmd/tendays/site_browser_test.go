package main

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
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
	open(t, ctx, page)
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
	clicks := 0
	for {
		phase := attr(t, ctx, `#game`, "data-phase")
		if phase == "over" {
			break
		}
		count := attr(t, ctx, `#game`, "data-moves")
		sel := map[string]string{"filling": `#game [data-slot][data-open]`, "choosing": `#game [data-action="draw"]`, "placing": `#game [data-action="discard"]`}[phase]
		if sel == "" {
			t.Fatalf("phase %q", phase)
		}
		if clicks++; clicks > 3000 {
			t.Fatal("the game does not end")
		}
		do(t, ctx,
			chromedp.Click(css(sel)),
			chromedp.WaitVisible(css(fmt.Sprintf(`#game:not([data-moves=%q])`, count))))
		if eval[int](t, ctx, `document.querySelectorAll("[data-game-error]").length`) > 0 {
			t.Fatalf("click %d (%s): %s", clicks, phase, text(t, ctx, `[data-game-error]`))
		}
	}
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
