package main

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The defects a tester met (issue 36), each checked in the page: the
// focused region drawn unlike any other state and keeping the selected
// colour; a skip link to the board; a journey with the server gone reads
// "No verdict", never "not valid"; a move after the studio forgot the game
// is made on the game dealt again from the URL; the game log reachable by
// the keyboard (axe-core's scrollable-region-focusable) in a long game.
func studioDefects(t *testing.T, b *browser) {
	url := startServe(t, "usa", false)
	ctx := b.tab(t, 1280, 900)
	open(t, ctx, url)

	// Focus: a halo no other state draws; selected and focused, the
	// selected colour stays.
	style := `((el) => { const cs = getComputedStyle(el); return cs.filter + " | " + cs.stroke; })`
	do(t, ctx, chromedp.Click(css(`#board [data-region="CO"]`)))
	eval[chromedp.Void](t, ctx, `document.querySelector('#fit-maps button').focus()`)
	do(t, ctx, chromedp.KeyEvent(kbTab), chromedp.KeyEvent(kbTab))
	focused := eval[string](t, ctx, style+`(document.activeElement)`)
	neighbour := eval[string](t, ctx, style+`(document.querySelector('#board [data-region="KS"]'))`)
	selected := eval[string](t, ctx, `getComputedStyle(document.querySelector('#board [data-region].selected') || document.body).stroke`)
	t.Logf("focused and selected Colorado: %s; its neighbour Kansas: %s; selected alone: %s", focused, neighbour, selected)
	if !strings.Contains(focused, "drop-shadow") || strings.Contains(neighbour, "drop-shadow") {
		t.Errorf("the focused region is drawn like its neighbour: %q, %q", focused, neighbour)
	}
	if !strings.Contains(focused, "rgb(200, 16, 79)") {
		t.Errorf("focused, the selected region lost its colour: %q", focused)
	}

	// The skip link: the first Tab, then Enter, and the board has the focus.
	eval[chromedp.Void](t, ctx, `document.activeElement.blur(); window.scrollTo(0, 0)`)
	do(t, ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`body[data-ready="true"]`)))
	eval[bool](t, ctx, testHooks, chromedp.EvalAwaitPromise)
	do(t, ctx, chromedp.KeyEvent(kbTab))
	if a := eval[string](t, ctx, `document.activeElement.className + ":" + document.activeElement.textContent`); a != "skip:Skip to the board" {
		t.Errorf("the first Tab reaches %q, want the skip link", a)
	}
	do(t, ctx, chromedp.KeyEvent(kbEnter), chromedp.KeyEvent(kbTab))
	if a := eval[string](t, ctx, `document.activeElement.dataset.region || document.activeElement.id`); a == "" || strings.HasPrefix(a, "journey") {
		t.Errorf("after the skip link, Tab reaches %q, want a region of the board", a)
	}

	// The server gone: no verdict, said as such.
	eval[chromedp.Void](t, ctx, `(() => { window.realFetch = window.fetch; window.fetch = () => Promise.reject(new TypeError("Failed to fetch")); })()`)
	eval[chromedp.Void](t, ctx, `document.querySelector("[data-journey-input]").value = "WA, OR, CA"`)
	do(t, ctx, chromedp.Click(css(`#journey button[type="submit"]`)), chromedp.WaitVisible(css(`#verdict[data-fault="no-answer"]`)))
	if v := text(t, ctx, `#verdict`); strings.Contains(v, "not valid") || !strings.Contains(v, "does not answer") {
		t.Errorf("with the server gone the verdict reads %q", v)
	}
	eval[chromedp.Void](t, ctx, `window.fetch = window.realFetch`)

	// A game the studio forgot (as after a restart): the move is made on
	// the game dealt again from what the URL holds.
	do(t, ctx, chromedp.Click(css(`[data-tab="play"]`)))
	eval[chromedp.Void](t, ctx, `(() => { const f = document.querySelector("#new-game"); f.querySelector("#bots").value = "3"; f.querySelector("#seed").value = "36"; })()`)
	do(t, ctx, chromedp.Click(css(`[data-action="new-game"]`)), chromedp.WaitVisible(css(`#game[data-phase="filling"]`)))
	for i := 0; i < 10; i++ {
		playOnce(t, ctx, `#game [data-action="discard"]`)
	}
	type gameAt struct {
		ID    string `json:"id"`
		Moves string `json:"moves"`
	}
	at := `({id: window.studio.game.id, moves: window.studio.game.moves})`
	before := eval[gameAt](t, ctx, at)
	for i := 0; i < 32; i++ { // the studio keeps 32 games: the oldest is forgotten
		res, err := http.Post(url+"api/games", "application/json", bytes.NewReader([]byte(`{"bots":1}`)))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	playOnce(t, ctx, `#game [data-action="discard"]`)
	after := eval[gameAt](t, ctx, at)
	if after.ID == before.ID || !strings.HasPrefix(after.Moves, before.Moves) || len(after.Moves) <= len(before.Moves) {
		t.Errorf("the move on a forgotten game: %+v, then %+v", before, after)
	}

	// A long game's log scrolls; the keyboard reaches it; axe-core agrees.
	for i := 0; i < 30 && attr(t, ctx, `#game`, "data-phase") != "over"; i++ {
		playOnce(t, ctx, `#game [data-action="discard"]`)
	}
	scrolls := eval[bool](t, ctx, `(() => { const l = document.querySelector("#game ol.log"); return l.scrollHeight > l.clientHeight && l.tabIndex === 0; })()`)
	if !scrolls {
		t.Errorf("the game log does not scroll, or the keyboard cannot reach it")
	}
	axeCheck(t, ctx, axeSource(t), "usa, a long game")
	announced := eval[[]string](t, ctx, `window.studio.announced`)
	if len(announced) == 0 {
		t.Error("nothing announced")
	}
}
