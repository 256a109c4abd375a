// A route-network game (Across the United States) against bots: the server
// plays by engine/route's rules; this shows the table, your holdings and
// tickets, the cubes on the board, and your legal moves as buttons (each
// sends its number in the list). The final public offering is sealed: you
// place a card face down, the bots do, all are revealed together. The URL
// holds the seed, the options and your choices.
import { h, announce, keepFocus } from "./dom.js";
import { gameURL, send } from "./play.js";

export class NetPlay {
  constructor(box, form, ctx) {
    this.box = box;
    this.form = form;
    this.ctx = ctx;
    this.game = null;
    this.moves = 0;
    this.filter = "";
    this.seenLog = 0;
    box.addEventListener("click", (e) => {
      if (!this.active) return;
      const t = e.target.closest("[data-choice],[data-action]");
      if (!t || !this.game) return;
      if (t.dataset.action === "undo") return this.request("POST", `/api/games/${this.game.id}/undo`, {});
      if (t.dataset.choice !== undefined) {
        this.request("POST", `/api/games/${this.game.id}/moves`, { choice: Number(t.dataset.choice) });
      }
    });
    box.addEventListener("input", (e) => {
      if (!this.active || !e.target.matches("[data-move-filter]")) return;
      this.filter = e.target.value.toLowerCase();
      for (const b of box.querySelectorAll("[data-choice]")) b.closest("li").hidden = this.filter !== "" && !b.textContent.toLowerCase().includes(this.filter);
    });
    form.addEventListener("submit", (e) => {
      if (!this.active) return;
      e.preventDefault();
      const f = this.form;
      this.start({ bots: Number(f.querySelector("#bots").value), bot: f.querySelector("#strength").value, seed: f.querySelector("#seed").value.trim() }, "");
    });
  }

  attach() {
    this.active = true;
    const f = this.form;
    f.querySelector("#humans").closest("label").hidden = true;
    f.querySelector("#game-options").hidden = true;
    for (const el of f.querySelectorAll("[data-ten]")) el.hidden = true; // a table plays 10 Days
    f.querySelector("#strength").replaceChildren(...["random", "greedy"].map((n) => h("option", { selected: n === "greedy" }, n)));
  }

  setPlayable(why, view) {
    this.notPlayable = why;
    const players = (view.network && view.network.players) || [];
    this.form.querySelector("#bots").replaceChildren(...players.map((n) => h("option", { selected: n === Math.min(...players.filter((p) => p > 2).concat([players[0]])) }, String(n - 1))));
    this.form.hidden = !!why;
    if (why) this.box.replaceChildren(h("p", { class: "note" }, `No play here: ${why}.`));
    else this.render();
  }

  async fromURL(params) {
    const opts = { bots: Number(params.get("bots") || 1), bot: params.get("bot") || "greedy", seed: params.get("seed") || "" };
    this.form.querySelector("#bots").value = String(opts.bots);
    this.form.querySelector("#strength").value = opts.bot;
    this.form.querySelector("#seed").value = opts.seed;
    await this.start(opts, params.get("moves") || "");
  }

  start(opts, moves) {
    this.seenLog = 0;
    return this.request("POST", "/api/games", { bots: opts.bots, bot: opts.bot, seed: opts.seed || "0", moves });
  }

  request(method, path, body) {
    return send(this, method, path, body, (g) => {
      const log = g.log || [];
      const fresh = log.slice(Math.min(this.seenLog, log.length)).filter((l) => !l.startsWith("You"));
      this.seenLog = log.length;
      if (fresh.length) announce(fresh.slice(-3).join(" "));
    });
  }

  // markCubes shows the cubes on the board's routes: a cube space lit
  // for each company's cube, the others faded.
  markCubes(g) {
    const spaces = document.querySelectorAll("#board .cube-space");
    const n = g ? g.companies.length : 0;
    spaces.forEach((el, i) => {
      el.classList.toggle("in-play", !!g);
      const r = n ? Math.floor(i / n) : 0;
      const c = n ? g.companies[i % n].id : "";
      el.classList.toggle("placed", !!g && (g.cubes[r] || []).includes(c));
    });
  }

  render() {
    keepFocus(this.box, () => this.draw());
  }

  draw() {
    const g = this.game;
    const box = this.box;
    box.dataset.moves = String(this.moves);
    if (this.notPlayable) return;
    this.markCubes(g);
    if (!g) {
      box.dataset.phase = "none";
      box.replaceChildren(h("p", { class: "note" }, this.error || "Start a game: you are seat 1, the bots the others."));
      return;
    }
    box.dataset.phase = g.phase;
    box.dataset.seed = g.seed;
    const over = g.phase === "over";
    const prompts = {
      lay: "Route laying: play a company card and lay its cube.",
      stations: "Station actions at the ends of the new route.",
      purchase: "Purchase (one).",
      offer: "Public offering: a card from your hand becomes a share.",
      final: "Final public offering: place one of your cards face down. The bots choose blind; all are revealed together.",
    };
    const legal = g.legal || [];
    const list = (xs) => (xs.length ? xs.join(", ") : "none");
    box.replaceChildren(
      this.error ? h("p", { class: "note", "data-game-error": "", role: "alert" }, this.error) : "",
      h("p", { class: "meta" }, `Round ${g.round} of ${g.rounds} · ${g.players} players · seed `, h("code", {}, g.seed), " · ",
        h("a", { href: gameURL(g.options, g.moves), "data-game-link": "" }, "link to this game")),
      over ? "" : h("p", { class: "prompt", "data-focus-home": "", tabindex: -1 }, legal.length ? prompts[g.phase] || "" : "The bots are playing…"),
      legal.length ? h("div", { class: "moves" },
        legal.length > 12 ? h("label", {}, "Find a move ", h("input", { type: "search", "data-move-filter": "", value: this.filter })) : "",
        h("ul", { class: "choices" }, ...legal.map((m) => h("li", { hidden: !!this.filter && !m.text.toLowerCase().includes(this.filter) },
          h("button", { type: "button", "data-choice": m.choice, "data-kind": m.kind }, m.text))))) : "",
      g.phase === "final" || over ? h("p", { "data-final": "" }, "Final offering: ", g.seats.map((s) => `${s.name} ${g.chosen && g.chosen[s.seat] ? (over ? `kept ${g.kept[s.seat]}` : "has chosen") : s.name === "You" ? "are choosing" : "is choosing"}`).join(", ")) : "",
      over ? this.scores(g) : "",
      h("h3", {}, "Share prices (cubes on the board)"),
      h("ul", { class: "companies" }, ...g.companies.map((c) => h("li", {}, h("span", { class: "swatch", style: `background:${c.hex}` }), ` ${c.name}: ${c.cubes}`))),
      h("h3", {}, "You"),
      h("p", {}, `$${g.you.money}, ${g.you.transfers} transfer(s); goods ${list(g.you.goods)}; shares ${list(g.you.shares)}; hand ${list(g.you.hand)}`, g.you.gold.length ? `; gold ${g.you.gold.join(", ")}` : ""),
      g.tickets.length ? h("ul", { class: "tickets" }, ...g.tickets.map((t) => h("li", { class: t.done ? "ok" : "" }, `${t.kind} ${t.text}: ${t.points} points${t.done ? " (joined)" : ""}`))) : "",
      h("h3", {}, "Others"),
      h("ul", {}, ...g.others.map((o) => h("li", {}, `${o.name}: $${o.money}, ${o.transfers} transfer(s); goods ${list(o.goods)}; shares ${list(o.shares)}; ${o.hand} cards in hand; ${o.passenger} passenger, ${o.freight} freight ticket(s), ${o.gold} gold`))),
      h("p", { class: "tools" }, g.canUndo ? h("button", { type: "button", "data-action": "undo" }, "Undo") : ""),
      h("details", { open: true }, h("summary", {}, "What happened"), h("ol", { class: "log", reversed: true }, ...g.log.slice().reverse().slice(0, 40).map((l) => h("li", {}, l)))),
    );
  }

  scores(g) {
    const win = new Set(g.winners || []);
    return h("div", { class: "over", "data-game-over": win.has(0) ? "won" : "lost" },
      h("h3", {}, win.size > 1 ? `A tie: ${[...win].map((s) => g.seats[s].name).join(" and ")}.` : `${g.seats[[...win][0]].name} ${[...win][0] === 0 ? "win" : "wins"}.`),
      h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, ...[["player", "player"], ["pass.", "passenger tickets"], ["freight", "freight tickets"], ["shares", "share majorities"], ["gold", "gold tokens"], ["$", "money and commodities"], ["total", "total"]]
          .map(([c, full]) => h("th", { scope: "col", title: full }, c)))),
        h("tbody", {}, ...g.scores.map((sc) => h("tr", { class: win.has(sc.seat) ? "winner" : "" }, h("th", { scope: "row" }, sc.name),
          ...[sc.passenger, sc.freight, sc.shares, sc.gold, sc.money, sc.total].map((v) => h("td", {}, String(v))))))));
  }
}
