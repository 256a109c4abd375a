// A game against the bots: the server plays by the engine's rules and runs
// the bots; this draws your holder, the face-up piles and the draw piles
// (one, or three in a combined edition), and sends your moves.
import { h, api } from "./dom.js";

function cardEl(c, attrs) {
  if (!c) return h("span", Object.assign({ class: "card empty" }, attrs), "—");
  const style = c.hex ? `border-left: 10px solid ${c.hex}` : "";
  return h("span", Object.assign({ class: `card ${c.kind}`, style, title: c.token }, attrs), c.name);
}

export class Play {
  constructor(box, form, ctx) {
    this.box = box;
    this.ctx = ctx;
    this.game = null;
    this.swapPick = null;
    this.moves = 0;
    this.pending = Promise.resolve();
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const seed = Number(form.querySelector("#seed").value || 0);
      this.request("POST", "/api/games", { bots: Number(form.querySelector("#bots").value), bot: form.querySelector("#strength").value, seed });
    });
    box.addEventListener("click", (e) => this.click(e));
    box.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && e.target.matches("[role=button]")) {
        e.preventDefault();
        e.target.click();
      }
    });
  }

  setPlayable(why) {
    this.notPlayable = why;
    if (why) this.box.replaceChildren(h("p", { class: "note" }, `No play here: ${why}.`));
  }

  request(method, path, body) {
    this.pending = (async () => {
      const res = await api(method, path, body);
      if (!res.ok) {
        this.error = res.error;
      } else {
        this.error = "";
        this.game = res.body;
        window.studio.game = this.game;
      }
      this.moves++;
      this.render();
    })();
    window.studio.pending = this.pending;
    return this.pending;
  }

  move(m) {
    if (!this.game) return;
    (window.studio.sent ||= []).push(m);
    return this.request("POST", `/api/games/${this.game.id}/moves`, m);
  }

  click(e) {
    const g = this.game;
    if (!g) return;
    const t = e.target.closest("[data-slot],[data-action],[data-pile],[data-goto],[data-fill]");
    if (!t) return;
    if (t.dataset.fill !== undefined) return this.move({ action: "fill", map: Number(t.dataset.fill) });
    if (t.dataset.goto) { e.preventDefault(); this.ctx.onRegion(t.dataset.goto); return; }
    const pileChoice = () => (g.mustPile >= 0 ? g.mustPile : Number(this.box.querySelector("[data-discard-pile]").value));
    if (t.dataset.slot !== undefined) {
      const day = Number(t.dataset.slot);
      if (g.phase === "filling") return this.move({ action: "place", day });
      if (g.phase === "placing") return this.move({ action: "put", slot: day, pile: pileChoice() });
      if (g.phase === "choosing" && g.swapAllowed) {
        this.swapPick = this.swapPick === day ? null : day;
        this.render();
      }
      return;
    }
    if (t.dataset.pile !== undefined && g.phase === "choosing") return this.move({ action: "take", from: Number(t.dataset.pile) });
    switch (t.dataset.action) {
      case "draw": return this.move({ action: "take", from: -1, draw: Number(t.dataset.draw || 0) });
      case "discard": return this.move({ action: "put", slot: -1, pile: pileChoice() });
    }
  }

  render() {
    const g = this.game;
    const box = this.box;
    box.dataset.moves = String(this.moves);
    if (!g) {
      box.dataset.phase = "none";
      box.replaceChildren(h("p", { class: "note" }, this.error || "Start a game: you are seat 1."));
      return;
    }
    box.dataset.phase = g.phase;
    // Your holder's regions on the board; at the end, the winning journey's.
    const shown = (g.phase === "over" && g.winning ? g.winning : g.holder).filter((c) => c && c.region).map((c) => c.region);
    this.ctx.onHolder(shown);
    const mine = g.seat === 0 && g.phase !== "over";
    const table = g.table || { drawPiles: [] };
    const prompt = {
      filling: table.mustChooseFill ? "Choose which map's tiles to draw your next card from." : "Put the card you drew on an open day.",
      choosing: (g.drawPiles.length > 1 ? "Take a card: a draw pile or a face-up pile" : "Take a card: the draw pile or a face-up pile") +
        (g.swapAllowed ? " — or pick two days and swap them." : "."),
      placing: "Put the card on a day (the card there is discarded), or discard it.",
      over: "",
    }[g.phase];
    const slots = g.holder.map((c, i) => {
      const open = !c;
      const attrs = { "data-slot": i, class: "slot" + (this.swapPick === i ? " picked" : ""), role: "button", tabindex: 0 };
      if (open) attrs["data-open"] = "";
      return h("div", attrs, h("span", { class: "day" }, `day ${i + 1}`), cardEl(c, {}));
    });
    const several = g.drawPiles.length > 1;
    const draws = g.drawPiles.map((n, i) => h("div", { class: "pile draw" + (g.canDrawFrom[i] ? "" : " spent"), "data-action": "draw", "data-draw": i, "data-size": n, role: "button", tabindex: 0,
      style: several ? `grid-column: ${i + 1}; grid-row: 1` : "",
      title: g.canDrawFrom[i] ? "" : "empty, with nothing to reshuffle", "data-top-map": (table.drawPiles[i] || {}).topMap || "" },
      h("span", { class: "day" }, several ? `draw pile ${i + 1}` : "draw pile"),
      h("span", { class: "card back" }, `${n} cards` + ((table.drawPiles[i] || {}).topMapName ? ` · ${table.drawPiles[i].topMapName} on top` : ""))));
    // Several draw piles: a column each, its face-up piles under it.
    const seen = g.drawPiles.map(() => 0);
    const place = (k) => { if (!several) return ""; const i = g.pileDraw[k]; seen[i]++; return `grid-column: ${i + 1}; grid-row: ${seen[i] + 1}`; };
    const piles = g.tops.map((c, k) => h("div", { class: "pile", "data-pile": k, role: "button", tabindex: 0, style: place(k), title: several ? `turned up from draw pile ${g.pileDraw[k] + 1}` : "" },
      h("span", { class: "day" }, `pile ${k + 1} (${g.pileSizes[k]})`), cardEl(c, {})));
    const over = g.phase === "over";
    box.replaceChildren(
      this.error ? h("p", { class: "note", "data-game-error": "" }, this.error) : "",
      h("p", { class: "prompt" }, over ? "" : (mine ? prompt : "The bots are playing…"),
        ` Turn ${g.turns} · ${g.players} players · ${g.bot} bots · seed ${g.seed}`),
      g.hand ? h("p", {}, "In your hand: ", cardEl(g.hand, { "data-hand": "" })) : "",
      mine && table.mustChooseFill ? h("p", {}, ...(table.fillPiles || []).map((f, m) => h("button", { type: "button", "data-fill": m, disabled: f.cards === 0 }, `${f.name} (${f.cards} left)`))) : "",
      h("div", { class: "table" + (several ? " combined" : ""), style: several ? `grid-template-columns: repeat(${g.drawPiles.length}, minmax(0, 1fr))` : "" }, ...draws, ...piles),
      g.phase === "placing" ? h("p", {},
        h("button", { type: "button", "data-action": "discard" }, "Discard it"), " onto ",
        h("select", { "data-discard-pile": "", disabled: g.mustPile >= 0 }, ...g.tops.map((_, k) => h("option", { value: k, selected: (g.mustPile >= 0 ? g.mustPile : 0) === k }, `pile ${k + 1}`))),
        g.mustPile >= 0 ? ` (pile ${g.mustPile + 1} is empty: the discard goes there)` : "") : "",
      h("h3", {}, "Your holder"),
      h("div", { class: "holder" }, ...slots),
      g.phase === "choosing" && g.swapAllowed && this.swapPick !== null ? h("p", {}, `Day ${this.swapPick + 1} picked: swap it with day `, ...g.holder.map((_, j) => j === this.swapPick ? "" : h("button", { type: "button", "data-swap-with": j }, `${j + 1}`))) : "",
      over ? this.overView(g) : "",
      g.yours && !over ? h("p", { class: "yours" }, g.yours.valid ? "Your holder is a valid journey!" : `Your holder: not yet — ${g.yours.reason}`) : "",
      h("h3", {}, "Others"),
      h("ul", {}, ...g.others.map((o) => h("li", {}, `Seat ${o.seat + 1}: ${o.filled} cards`, o.holder ? h("div", { class: "holder small" }, ...o.holder.map((c) => cardEl(c, {}))) : ""))),
      h("details", { open: true }, h("summary", {}, "What happened"), h("ol", { class: "log", reversed: true }, ...g.log.slice().reverse().slice(0, 30).map((l) => h("li", {}, l)))),
    );
    for (const b of box.querySelectorAll("[data-swap-with]")) {
      b.addEventListener("click", (e) => { e.stopPropagation(); const j = Number(b.dataset.swapWith); const i = this.swapPick; this.swapPick = null; this.move({ action: "swap", i, j }); });
    }
  }

  overView(g) {
    if (g.stalled || g.winner < 0) return h("div", { "data-game-over": "stalled", class: "over" }, h("h3", {}, `The game stalled after ${g.turns} turns: no one won.`));
    const who = g.winner === 0 ? "You win!" : `Seat ${g.winner + 1} (${g.bot}) wins.`;
    return h("div", { "data-game-over": g.winner === 0 ? "won" : "lost", class: "over" },
      h("h3", {}, `${who} After ${g.turns} turns.`),
      h("p", {}, "The winning journey: ", ...g.winning.map((c) => cardEl(c, {}))),
      h("p", { "data-winning-verdict": g.journey.valid ? "valid" : "not valid" }, (g.journey.valid ? "valid: " : "not valid: ") + g.journey.reason),
      g.coverage ? h("p", { "data-coverage": g.coverage.map((m) => `${m.map}=${m.regions}`).join(" ") },
        "Maps covered: ", g.coverage.map((m) => `${m.name} ${m.regions}`).join(", ")) : "",
      h("ol", { class: "steps" }, ...g.journey.steps.map((s) => h("li", {}, h("span", { class: "days" }, `days ${s.from}–${s.to}`), " ", s.text))));
  }
}
