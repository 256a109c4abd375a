package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tendays/tendays/internal/testenv"
)

// tableHooks records every answer about a game the page receives (a
// table's view, as the server sent it to this device).
const tableHooks = `(() => {
	window.gameAnswers = [];
	const send = window.fetch;
	window.fetch = async (url, init) => {
		const res = await send(url, init);
		if (/\/api\/games/.test(String(url))) res.clone().json().then((b) => window.gameAnswers.push(b), () => {});
		return res;
	};
	return true;
})()`

// tableAnswer is what the test reads of a view a device was sent.
type tableAnswer struct {
	Viewer int               `json:"viewer"`
	Seat   int               `json:"seat"`
	Phase  string            `json:"phase"`
	Hand   *json.RawMessage  `json:"hand"`
	Holder []json.RawMessage `json:"holder"`
	Seed   string            `json:"seed"`
	Moves  string            `json:"moves"`
	Others []struct {
		Seat   int               `json:"seat"`
		Holder []json.RawMessage `json:"holder"`
	} `json:"others"`
	Error string `json:"error"`
}

// checkAnswers fails on any answer a device got that shows what is not
// its own: another seat's holder or hand, or the deal before the end.
func checkAnswers(t *testing.T, who string, seat int, raw []json.RawMessage) int {
	t.Helper()
	for i, r := range raw {
		var a tableAnswer
		if err := json.Unmarshal(r, &a); err != nil {
			t.Fatalf("%s: answer %d: %v", who, i, err)
		}
		if a.Error != "" {
			continue
		}
		if a.Viewer != seat {
			t.Fatalf("%s (seat %d) was sent seat %d's view", who, seat, a.Viewer)
		}
		if a.Hand != nil && string(*a.Hand) != "null" && a.Seat != seat {
			t.Errorf("%s was sent the hand of seat %d", who, a.Seat)
		}
		for _, o := range a.Others {
			if o.Holder != nil && a.Phase != "over" {
				t.Errorf("%s was sent seat %d's holder before the end", who, o.Seat)
			}
		}
		if a.Phase != "over" && (a.Seed != "0" || a.Moves != "") {
			t.Errorf("%s was sent the seed %q or moves %q before the end", who, a.Seed, a.Moves)
		}
	}
	return len(raw)
}

// holderReadable fails when a card of the holder on the page is cut (its
// label wider or taller than its card) or two cards of it with different
// tokens show one label; it returns the cards shortened.
func holderReadable(t *testing.T, ctx context.Context, who string) int {
	t.Helper()
	type readable struct {
		Cut       []string `json:"cut"`
		Same      []string `json:"same"`
		Shortened int      `json:"shortened"`
	}
	r := eval[readable](t, ctx, `(() => {
		const cards = [...document.querySelectorAll("#game .holder:not(.small) .card[data-name]")];
		const cut = cards.filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1).map((c) => c.dataset.name);
		const seen = new Map(), same = [];
		for (const c of cards) {
			const label = (c.querySelector("[aria-hidden]") || c).textContent;
			if (seen.has(label) && seen.get(label) !== c.dataset.token) same.push(label);
			seen.set(label, c.dataset.token);
		}
		return { cut, same, shortened: cards.filter((c) => c.querySelector("[aria-hidden]")).length };
	})()`)
	if len(r.Cut) > 0 || len(r.Same) > 0 {
		t.Errorf("%s: holder names cut %v, labels shared by two cards %v", who, r.Cut, r.Same)
	}
	return r.Shortened
}

// TestStudioTable plays one game at a table from two browser contexts (two
// devices: their own cookies and storage) joined through the LAN link of
// `serve --lan`, in a network namespace the test makes: the host opens
// the table and takes seat 1, a phone takes seat 2 from its invitation, a
// bot the third. Each sees its own holder only, in the DOM and in every
// answer it receives; the phone reloads mid-game and is back in its seat;
// the game goes to its end.
func TestStudioTable(t *testing.T) {
	// Not parallel: it runs in the serial phase, before the package's
	// browser and consumer tests load the machine (see open).
	chromium(t)
	if !testenv.NetNS(t) {
		return
	}
	_, join := startLAN(t, "usa")
	b := newBrowser(t)
	host := b.tab(t, 1280, 900)
	open(t, host, join)
	do(t, host, chromedp.Click(css(`[data-tab="play"]`)))
	eval[chromedp.Void](t, host, `(() => { const f = document.querySelector("#new-game");
		f.querySelector("#humans").value = "2"; f.querySelector("#bots").value = "1"; f.querySelector("#seed").value = "21";
		f.querySelector("#turn-cap").value = "24"; f.querySelector("#at-table").checked = true; })()`)
	do(t, host, chromedp.Click(css(`[data-action="new-game"]`)), chromedp.WaitVisible(css(`[data-invites] [data-invite="1"] a`)))
	if n := eval[int](t, host, `document.querySelectorAll("[data-invites] img[data-invite-qr]").length`); n != 3 {
		t.Errorf("%d QR codes among the invitations, want 3 (two seats, the spectators)", n)
	}
	screenshot(t, host, "studio-table-invites.png")
	seat1 := attr(t, host, `[data-invite="0"] a`, "href")
	seat2 := attr(t, host, `[data-invite="1"] a`, "href")
	if !strings.Contains(seat2, "/join?") || !strings.Contains(seat2, "token=") {
		t.Fatalf("seat 2's invitation %q does not go through the join link", seat2)
	}
	phone := b.tabWith(t, 360, 740, chromedp.WithNewBrowserContext())
	type device struct {
		name string
		seat int
		ctx  context.Context
		link string
	}
	devs := []*device{{name: "the host's laptop", seat: 0, ctx: host, link: seat1}, {name: "the phone", seat: 1, ctx: phone, link: seat2}}
	for _, d := range devs {
		if _, err := chromedp.Call(d.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: tableHooks}); err != nil {
			t.Fatal(err)
		}
		open(t, d.ctx, d.link)
		do(t, d.ctx, chromedp.WaitVisible(css(fmt.Sprintf(`#game[data-viewer="%d"]`, d.seat))))
	}
	// seatDOM is what a device's page shows of its own holder (the
	// cards on its days) and of the others' (none before the end).
	seatDOM := func(d *device) (mine, others int) {
		v := eval[[]int](t, d.ctx, `[document.querySelectorAll("#game .holder:not(.small) .card:not(.empty)").length, document.querySelectorAll("#game .holder.small .card").length]`)
		return v[0], v[1]
	}
	reloaded, clicks, shortened := false, 0, 0
	for moves := 0; ; moves++ {
		if moves > 2000 {
			t.Fatal("the game does not end")
		}
		g := eval[tableAnswer](t, host, `window.studio.game`)
		if g.Phase == "over" {
			break
		}
		d := devs[g.Seat]
		// The device to move shows its own holder, as its last answer
		// holds it, and nothing of the other's.
		do(t, d.ctx, chromedp.WaitVisible(css(`#game [data-table-seat]`)))
		mine, others := seatDOM(d)
		want := eval[int](t, d.ctx, `window.studio.game.holder.filter((c) => c).length`)
		if mine != want || others != 0 {
			t.Fatalf("%s shows %d cards of its holder (its answer holds %d) and %d of the others'", d.name, mine, want, others)
		}
		if mine == 10 {
			n := holderReadable(t, d.ctx, d.name)
			if d.seat == 1 {
				shortened += n
			}
		}
		if !reloaded && g.Phase == "choosing" && d.seat == 1 && moves > 20 {
			// The phone drops and reloads: back in its seat.
			reloaded = true
			open(t, d.ctx, eval[string](t, d.ctx, `location.href`))
			do(t, d.ctx, chromedp.WaitVisible(css(`#game[data-viewer="1"]`)))
			if again, _ := seatDOM(d); again != mine {
				t.Fatalf("after a reload the phone shows %d cards of its holder, %d before", again, mine)
			}
			eval[chromedp.Void](t, d.ctx, `document.querySelector("#game [data-table-seat]").scrollIntoView()`)
			screenshot(t, d.ctx, "studio-table-phone.png")
		}
		playOnce(t, d.ctx, `#game [data-action="discard"]`)
		clicks++
		// The other device hears of the move and shows the new turn.
		other := devs[1-d.seat]
		steps := eval[int](t, d.ctx, `window.studio.game.steps`)
		if _, err := chromedp.Run(other.ctx, chromedp.Poll[bool](fmt.Sprintf(`!!window.studio.game && window.studio.game.steps >= %d`, steps))); err != nil {
			t.Fatalf("%s never heard of move %d: %v", other.name, steps, err)
		}
	}
	if !reloaded {
		t.Error("the phone never reloaded")
	}
	t.Logf("a table of two devices and a bot: %d moves by clicks, %s; on the 360 px phone %d holder names shortened in all", clicks, text(t, host, `[data-game-over] h3`), shortened)
	for _, d := range devs {
		do(t, d.ctx, chromedp.WaitVisible(css(`#game[data-phase="over"] [data-game-over]`)))
		raw := eval[[]json.RawMessage](t, d.ctx, `window.gameAnswers`)
		n := checkAnswers(t, d.name, d.seat, raw)
		t.Logf("%s (seat %d): %d answers checked", d.name, d.seat+1, n)
		if n < 10 {
			t.Errorf("%s received %d answers", d.name, n)
		}
	}
}
