// A 10 Days game: one person against bots, or two to four people at one
// screen (hot seat: each one's cards hidden until they say it is them),
// with or without bots. The server plays by the engine's rules and runs the
// bots; this draws the table and sends moves. The URL always holds the
// seed, the options and the people's moves, so a link replays the game;
// undo takes a move back; a finished game replays step by step; its log
// downloads as JSON that `tendays play PACK --replay FILE` plays again.
// At a table (each person on a device of their own) the page holds one
// seat's key (?table=ID&seat=KEY): it shows that seat's holder only, moves
// on that seat's turn, and asks again when the event stream says the game
// moved; the host sees each seat's invitation.
import { h, api, announce, keepFocus } from "./dom.js";
import { candidates, chooseLabels, wraps } from "./labels.js";

function cardEl(c, attrs) {
  if (!c) return h("span", Object.assign({ class: "card empty" }, attrs), "—");
  const style = c.hex ? `border-left: 10px solid ${c.hex}` : "";
  return h("span", Object.assign({ class: `card ${c.kind}`, style, title: c.token, "data-name": c.name, "data-token": c.token, "data-card-region": c.region || "" }, attrs), c.name);
}

let measurer = null;

// fitLabels shortens the names of box's cards that do not fit their card
// on two lines (labels.js), each keeping a label no other card there
// has; a shortened card says its whole name to a screen reader and on
// hover.
export function fitLabels(box, view) {
  const els = [...box.querySelectorAll(".card[data-name]")];
  if (!els.length) return;
  const aliases = new Map(((view && view.regions) || []).map((r) => [r.id, r.aliases]));
  measurer = measurer || document.createElement("canvas").getContext("2d");
  const cards = els.map((el) => {
    const c = { name: el.dataset.name, token: el.dataset.token };
    return { token: c.token, candidates: candidates(c, aliases.get(el.dataset.cardRegion)) };
  });
  const fitsIn = (el) => {
    const cs = getComputedStyle(el);
    const width = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 1;
    const lines = el.closest(".holder") ? 2 : 1;
    // The canvas takes no line height in its font: the parts without it.
    const font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    return (label) => {
      measurer.font = font;
      return wraps(label, width, lines, (t) => measurer.measureText(t).width);
    };
  };
  const fitters = els.map(fitsIn);
  const labels = chooseLabels(cards.map((c, i) => Object.assign(c, { index: i })), (label, card) => fitters[card.index](label));
  els.forEach((el, i) => {
    if (labels[i] === el.dataset.name) return;
    el.title = el.dataset.name;
    el.replaceChildren(h("span", { "aria-hidden": "true" }, labels[i]), h("span", { class: "visually-hidden" }, el.dataset.name));
  });
}

// gameURL is the page's address for a game: its options and moves.
// freshLines are the log's lines a page has not said yet: seen counts the
// lines said since the game's first, from is the number of the first line
// the server still sends (it keeps the last 200), so a long game is told
// to its end. It returns them and the new count.
export function freshLines(seen, from, log) {
  const start = Math.max(0, Math.min(seen - from, log.length));
  return { fresh: log.slice(start), seen: from + log.length };
}

export function gameURL(options, moves) {
  let q = "?play";
  for (const [k, v] of Object.entries(options)) {
    if (v === undefined || v === null || v === "" || v === false || v === 0) continue;
    const name = { openHands: "open", turnCap: "cap" }[k] || k;
    q += `&${name}=${encodeURIComponent(v === true ? "1" : String(v))}`;
  }
  if (moves) q += `&moves=${encodeURIComponent(moves)}`;
  return q;
}

// send asks the server for a game and draws the answer: the game (its URL
// in the address bar, what happened said in the live region by said), or
// the error. Both kinds of game use it.
export function send(player, method, path, body, said) {
  player.pending = (async () => {
    const res = await api(method, path, body);
    if (!res.ok) {
      player.error = res.error;
      announce(res.error);
    } else {
      player.error = "";
      player.game = res.body;
      if (player.game.options && !player.game.atTable) history.replaceState(null, "", gameURL(player.game.options, player.game.moves) + location.hash);
      said(player.game);
    }
    player.moves++;
    player.render();
  })();
  return player.pending;
}

export class Play {
  constructor(box, form, ctx) {
    this.box = box;
    this.form = form;
    this.ctx = ctx;
    this.game = null;
    this.swapPick = null;
    this.moves = 0;
    this.shown = -1; // the person whose cards are on screen (hot seat)
    this.replay = null;
    this.pending = Promise.resolve();
    this.seenLog = 0;
    this.seatKey = ""; // at a table, this device's seat ("" a spectator)
    this.invites = null; // at a table, for its host: each seat's link
    box.addEventListener("click", (e) => { if (this.active) this.click(e); });
    box.addEventListener("keydown", (e) => {
      if (!this.active) return;
      if ((e.key === "Enter" || e.key === " ") && e.target.matches("[role=button]")) {
        e.preventDefault();
        e.target.click();
      }
    });
    form.addEventListener("submit", (e) => {
      if (!this.active) return;
      e.preventDefault();
      this.start(this.formOptions(), "");
    });
  }

  // attach makes this the form's game (the network game shares the form).
  attach() {
    this.active = true;
    for (const el of this.form.querySelectorAll("[data-ten]")) el.hidden = false;
    const f = this.form;
    f.querySelector("#humans").closest("label").hidden = false;
    f.querySelector("#game-options").hidden = false;
    f.querySelector("#bots").replaceChildren(...[0, 1, 2, 3].map((n) => h("option", { selected: n === 3 }, String(n))));
    f.querySelector("#strength").replaceChildren(...["random", "greedy", "strong"].map((n) => h("option", { selected: n === "greedy" }, n)));
    this.render();
  }

  setPlayable(why, view) {
    this.notPlayable = why;
    // The refill rule is a combined edition's (several draw piles).
    this.form.querySelector("#refill").closest("label").hidden = !(view && view.maps && view.maps.length > 1);
    if (why) this.box.replaceChildren(h("p", { class: "note" }, `No play here: ${why}.`));
    else if (!this.game) this.render();
  }

  formOptions() {
    const f = this.form;
    const num = (sel) => Number(f.querySelector(sel).value || 0);
    return {
      humans: num("#humans"), bots: num("#bots"), bot: f.querySelector("#strength").value,
      seed: f.querySelector("#seed").value.trim(), days: num("#days"), swap: f.querySelector("#swap").value,
      openHands: f.querySelector("#open-hands").checked, turnCap: num("#turn-cap"), refill: f.querySelector("#refill").value,
      table: f.querySelector("#at-table").checked,
    };
  }

  // fromTable opens a seat of a table (or the table, as a spectator), as a
  // seat's link or a reload names it.
  async fromTable(params) {
    const id = params.get("table");
    this.seatKey = params.get("seat") || "";
    this.replay = null;
    this.seenLog = 0;
    try {
      this.invites = JSON.parse(sessionStorage.getItem("tendays-invites-" + id) || "null");
    } catch {
      this.invites = null;
    }
    await this.request("GET", `/api/games/${encodeURIComponent(id)}${this.seatQuery()}`);
    if (this.error && /no such game/.test(this.error)) {
      this.error = "This table is gone: the studio was restarted or has forgotten it (a table's game lives in the studio only). Ask the host to open a new one.";
      this.render();
    }
  }

  seatQuery() {
    return this.seatKey ? `?seat=${encodeURIComponent(this.seatKey)}` : "";
  }

  // onGameEvent: the event stream says a game moved; a table's devices
  // ask for their view again.
  onGameEvent(d) {
    const g = this.game;
    if (!this.active || !g || !g.atTable || d.id !== g.id || d.steps === g.steps) return;
    this.request("GET", `/api/games/${g.id}${this.seatQuery()}`);
  }

  // fromURL starts the game a link describes.
  async fromURL(params) {
    const num = (k, d) => (params.has(k) ? Number(params.get(k)) : d);
    const opts = { humans: num("humans", 1), bots: num("bots", num("humans", 1) > 1 ? 0 : 1), bot: params.get("bot") || "greedy", seed: params.get("seed") || "",
      days: num("days", 0), swap: params.get("swap") || "", openHands: params.get("open") === "1", turnCap: num("cap", 0), refill: params.get("refill") || "" };
    const f = this.form;
    f.querySelector("#humans").value = String(opts.humans);
    f.querySelector("#bots").value = String(opts.bots);
    f.querySelector("#strength").value = opts.bot;
    f.querySelector("#seed").value = opts.seed;
    f.querySelector("#days").value = opts.days || "";
    f.querySelector("#swap").value = opts.swap;
    f.querySelector("#open-hands").checked = opts.openHands;
    f.querySelector("#turn-cap").value = opts.turnCap || "";
    f.querySelector("#refill").value = opts.refill;
    await this.start(opts, params.get("moves") || "");
  }

  start(opts, moves) {
    const body = { bots: opts.bots, humans: opts.humans, bot: opts.bot, seed: opts.seed || "0", days: opts.days, swap: opts.swap, openHands: opts.openHands, turnCap: opts.turnCap, refill: opts.refill || "", moves };
    if (opts.table) body.table = true;
    this.replay = null;
    this.shown = -1;
    this.seenLog = 0;
    this.seatKey = "";
    this.invites = null;
    return this.request("POST", "/api/games", body).then(() => {
      const g = this.game;
      if (!g || !g.atTable || !g.invites) return;
      // The host keeps the invitations on this device, for after they
      // open their own seat here.
      this.invites = g.invites;
      sessionStorage.setItem("tendays-invites-" + g.id, JSON.stringify(g.invites));
      history.replaceState(null, "", `?table=${g.id}`);
      this.render();
    });
  }

  request(method, path, body) {
    return send(this, method, path, body, () => this.announceLog());
  }

  // announceLog says what happened since the last answer (the bots' moves,
  // the end), in the live region. Lines are counted from the game's first
  // (logFrom is the number of the first the server still keeps), so a long
  // game is told to its end.
  announceLog() {
    const { fresh, seen } = freshLines(this.seenLog, this.game.logFrom || 0, this.game.log || []);
    this.seenLog = seen;
    const said = fresh.filter((l) => !l.startsWith("You ") || /win/.test(l));
    if (said.length) announce(said.slice(-4).join(" "));
  }

  move(m) {
    return this.change("moves", m);
  }

  // change sends a move or an undo. A game at one screen the studio no
  // longer knows (it was restarted, or has forgotten the game) is dealt
  // again from what the URL holds, its moves replayed, and the change
  // made on it.
  async change(what, body) {
    const g = this.game;
    if (!g) return;
    await this.request("POST", `/api/games/${g.id}/${what}${this.seatQuery()}`, body);
    if (g.atTable || !/no such game/.test(this.error || "")) return;
    await this.request("POST", "/api/games", Object.assign({}, g.options, { moves: g.moves }));
    if (!this.error) await this.request("POST", `/api/games/${this.game.id}/${what}`, body);
  }

  async showStep(step) {
    const g = this.game;
    const res = await api("GET", `/api/games/${g.id}/replay?step=${step}`);
    if (!res.ok) {
      this.error = res.error;
    } else {
      this.replay = res.body;
      announce(`move ${step} of ${g.steps}: ${res.body.last}`);
    }
    this.moves++;
    this.render();
  }

  click(e) {
    const g = this.game;
    if (!g) return;
    const t = e.target.closest("[data-slot],[data-action],[data-pile],[data-goto],[data-swap-with],[data-step],[data-fill]");
    if (!t) return;
    if (t.dataset.goto) { e.preventDefault(); this.ctx.onRegion(t.dataset.goto); return; }
    if (t.dataset.step !== undefined) {
      const n = Math.max(0, Math.min(g.steps, Number(t.dataset.step)));
      return this.showStep(n);
    }
    switch (t.dataset.action) {
      case "reveal": this.shown = g.viewer; this.moves++; this.render(); return;
      case "undo": return this.change("undo", {});
      case "replay": return this.showStep(0);
      case "end-replay": this.replay = null; this.moves++; this.render(); return;
    }
    if (this.replay || this.curtain()) return;
    if (t.dataset.fill !== undefined) return this.move({ action: "fill", map: Number(t.dataset.fill) });
    if (t.dataset.swapWith !== undefined) {
      const j = Number(t.dataset.swapWith), i = this.swapPick;
      this.swapPick = null;
      return this.move({ action: "swap", i, j });
    }
    const pileChoice = () => (g.mustPile >= 0 ? g.mustPile : Number(this.box.querySelector("[data-discard-pile]").value));
    if (t.dataset.slot !== undefined) {
      const day = Number(t.dataset.slot);
      if (g.phase === "filling") return this.move({ action: "place", day });
      if (g.phase === "placing") return this.move({ action: "put", slot: day, pile: pileChoice() });
      if (g.phase === "choosing" && g.swapAllowed) {
        this.swapPick = this.swapPick === day ? null : day;
        this.moves++;
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

  // curtain: at a hot seat, the cards of the person to move stay hidden
  // until they say it is them.
  curtain() {
    const g = this.game;
    return g && !g.atTable && g.humans > 1 && g.phase !== "over" && this.shown !== g.viewer;
  }

  render() {
    keepFocus(this.box, () => this.draw());
  }

  draw() {
    const g = this.replay || this.game;
    const box = this.box;
    box.dataset.moves = String(this.moves);
    if (this.notPlayable) return;
    if (!g) {
      box.dataset.phase = "none";
      box.replaceChildren(h("p", { class: "note" }, this.error || "Start a game: people take the first seats, bots the others."));
      return;
    }
    const game = this.game;
    box.dataset.phase = this.replay ? "replay" : g.phase;
    box.dataset.seed = game.seed;
    box.dataset.viewer = String(game.viewer);
    if (this.replay) box.dataset.replayStep = String(this.replay.step);
    else delete box.dataset.replayStep;
    const hidden = !this.replay && this.curtain();
    if (hidden) box.dataset.curtain = String(game.viewer + 1);
    else delete box.dataset.curtain;
    const seatName = (i) => (g.seats[i] || { name: `Seat ${i + 1}` }).name;
    const link = gameURL(game.options, game.moves);
    const atTable = !!game.atTable;
    const bots = g.players - g.humans;
    const people = atTable ? `${g.humans} ${g.humans === 1 ? "person" : "people"} at a table` : g.humans > 1 ? `${g.humans} people` : "you";
    // At a table the seed is the deal: it is shown at the end.
    const seedShown = !atTable || g.phase === "over";
    const head = [
      this.error ? h("p", { class: "note", "data-game-error": "", role: "alert" }, this.error) : "",
      this.invites && g.phase !== "over" ? this.invitesView() : "",
      h("p", { class: "meta" }, `Turn ${g.turns} · ${g.players} players (${people}${bots > 0 ? `, ${bots} ${g.bot} bot${bots === 1 ? "" : "s"}` : ""}) · ${g.days} days`,
        seedShown ? [" · seed ", h("code", { "data-seed-text": "" }, game.seed)] : "",
        atTable ? "" : [" · ", h("a", { href: link, "data-game-link": "" }, "link to this game")],
        g.starter !== undefined ? h("span", { "data-starter": g.starter }, ` · ${seatName(g.starter)} filled first and began`) : ""),
      atTable ? h("p", { class: "meta", "data-table-seat": String(game.viewer) }, game.viewer >= 0 ? `You are ${seatName(game.viewer)}, on this device.` : "You are watching the table: each player's holder is on their own device.") : "",
    ];
    if (hidden) {
      this.ctx.onHolder([]);
      box.replaceChildren(...head,
        h("div", { class: "curtain", "data-focus-home": "" },
          h("h3", {}, `${seatName(game.viewer)}'s turn`),
          h("p", {}, `Pass the screen to ${seatName(game.viewer)}. The others look away.`),
          h("button", { type: "button", "data-action": "reveal" }, `I am ${seatName(game.viewer)}: show my cards`)),
        this.logView(game));
      return;
    }
    // Your holder's regions on the board; at the end, the winning journey's,
    // drawn as a journey is.
    const shown = (g.phase === "over" && g.winning ? g.winning : g.holder).filter((c) => c && c.region).map((c) => c.region);
    this.ctx.onHolder(shown);
    if (g.phase === "over" && g.winning && g.journey && !this.replay && this.drawnEnd !== game.id) {
      this.drawnEnd = game.id;
      // The winning path alone: the journey bar's outlines go, and the
      // board shows the journey.
      if (this.ctx.clearJourney) this.ctx.clearJourney();
      const regions = g.winning.map((c) => (c && c.region) || "");
      this.ctx.board().drawJourney({ regions, cards: g.winning.map((c) => (c ? c.token : "")), steps: g.journey.steps });
      this.ctx.board().fitRegions(regions.filter(Boolean));
    } else if (g.phase !== "over" && !this.replay && this.fittedHolder !== game.id && g.holder.length && g.holder.every((c) => c)) {
      // The holder just filled: the board shows its regions.
      this.fittedHolder = game.id;
      this.ctx.board().fitRegions(shown);
    }
    const mine = !this.replay && g.phase !== "over" && (!atTable || g.seat === game.viewer);
    const watching = atTable && game.viewer < 0 && !this.replay;
    const table = g.table || { drawPiles: [] };
    const prompt = {
      filling: (table.mustChooseFill ? "Choose which map's tiles to draw your next card from." : "Put the card you drew on an open day.") +
        (g.firstToFill ? " Everyone fills at once; the first to fill starts." : ""),
      choosing: (g.drawPiles.length > 1 ? "Take a card: a draw pile or a face-up pile" : "Take a card: the draw pile or a face-up pile") +
        (g.swapAllowed ? " — or pick two days and swap them." : "."),
      placing: "Put the card on a day (the card there is discarded), or discard it.",
      over: "",
      replay: "",
    }[g.phase];
    const who = (g.humans > 1 && !atTable) || this.replay ? `${seatName(this.replay ? 0 : game.viewer)}: ` : "";
    const slots = g.holder.map((c, i) => {
      const attrs = { "data-slot": i, class: "slot" + (this.swapPick === i ? " picked" : ""), role: "button", tabindex: 0 };
      if (!c) attrs["data-open"] = "";
      return h("div", attrs, h("span", { class: "day" }, `day ${i + 1}`), cardEl(c, {}));
    });
    const several = g.drawPiles.length > 1;
    const draws = g.drawPiles.map((n, i) => h("div", { class: "pile draw" + (g.canDrawFrom[i] ? "" : " spent"), "data-action": "draw", "data-draw": i, "data-size": n, role: "button", tabindex: 0,
      style: several ? `grid-column: ${i + 1}; grid-row: 1` : "", title: g.canDrawFrom[i] ? "" : "empty, with nothing to reshuffle",
      "data-top-map": (table.drawPiles[i] || {}).topMap || "" },
      h("span", { class: "day" }, several ? `draw pile ${i + 1}` : "draw pile"),
      h("span", { class: "card back" }, `${n} card${n === 1 ? "" : "s"}`),
      (table.drawPiles[i] || {}).topMapName ? h("span", { class: "day" }, `${table.drawPiles[i].topMapName} on top`) : "",
      g.canDrawFrom[i] ? "" : h("span", { class: "visually-hidden" }, " (empty, with nothing to reshuffle)")));
    const seen = g.drawPiles.map(() => 0);
    const place = (k) => { if (!several) return ""; const i = g.pileDraw[k]; seen[i]++; return `grid-column: ${i + 1}; grid-row: ${seen[i] + 1}`; };
    const piles = g.tops.map((c, k) => h("div", { class: "pile", "data-pile": k, role: "button", tabindex: 0, style: place(k),
      title: several ? `turned up from draw pile ${g.pileDraw[k] + 1}` : "" },
      h("span", { class: "day" }, `pile ${k + 1} (${g.pileSizes[k]})`), cardEl(c, {})));
    const over = g.phase === "over";
    box.replaceChildren(
      ...head,
      this.replay ? this.replayBar(game) : "",
      this.replay ? h("p", { class: "prompt", "data-replay-last": "" }, this.replay.last) : h("p", { class: "prompt", "data-focus-home": "", tabindex: -1 },
        mine ? who + prompt : atTable && g.phase !== "over" ? `Waiting for ${seatName(g.seat)}…` : ""),
      g.hand ? h("p", {}, this.replay ? `In the hand of ${seatName(g.seat)}: ` : "In your hand: ", cardEl(g.hand, { "data-hand": "" })) : "",
      mine && table.mustChooseFill ? h("p", { class: "tools", role: "group", "aria-label": "the maps' tiles" },
        ...(table.fillPiles || []).map((f, m) => h("button", { type: "button", "data-fill": m, disabled: f.cards === 0 }, `${f.name} (${f.cards} left)`))) : "",
      h("div", { class: "table" + (several ? " combined" : ""), role: "group", "aria-label": "The piles", style: several ? `grid-template-columns: repeat(${g.drawPiles.length}, minmax(0, 1fr))` : "" }, ...draws, ...piles),
      g.phase === "placing" && mine ? h("p", {},
        h("button", { type: "button", "data-action": "discard" }, "Discard it"), " onto ",
        h("select", { "data-discard-pile": "", "aria-label": "the pile to discard on", disabled: g.mustPile >= 0 }, ...g.tops.map((_, k) => h("option", { value: k, selected: (g.mustPile >= 0 ? g.mustPile : 0) === k }, `pile ${k + 1}`))),
        g.mustPile >= 0 ? ` (pile ${g.mustPile + 1} is empty: the discard goes there)` : "") : "",
      watching ? "" : h("h3", {}, this.replay ? `${seatName(0)}'s holder` : atTable ? `Your holder (${seatName(game.viewer)})` : g.humans > 1 ? `${seatName(game.viewer)}'s holder` : "Your holder"),
      watching ? "" : h("div", { class: "holder", role: "group", "aria-label": "holder" }, ...slots),
      mine && g.phase === "choosing" && g.swapAllowed && this.swapPick !== null ? h("p", {}, `Day ${this.swapPick + 1} picked: swap it with day `,
        ...g.holder.map((_, j) => j === this.swapPick ? "" : h("button", { type: "button", "data-swap-with": j }, `${j + 1}`))) : "",
      over && !this.replay ? this.overView(g) : "",
      g.yours && !over ? h("p", { class: "yours" }, g.yours.valid ? "This holder is a valid journey!" : `This holder: not yet — ${g.yours.reason}`) : "",
      h("p", { class: "tools" },
        game.canUndo && !this.replay ? h("button", { type: "button", "data-action": "undo", title: "take back the last move (the bots' answers with it)" }, "Undo") : "",
        over && !this.replay ? h("button", { type: "button", "data-action": "replay" }, "Replay step by step") : "",
        " ", seedShown ? h("a", { href: `/api/games/${game.id}/log`, download: `game-${game.seed}.json`, "data-game-log": "" }, "Download the game log (JSON)") : ""),
      h("h3", {}, "Others"),
      h("ul", {}, ...g.others.map((o) => h("li", {}, `${o.name}: ${o.filled} card${o.filled === 1 ? "" : "s"}`, o.holder ? h("div", { class: "holder small" }, ...o.holder.map((c) => cardEl(c, {}))) : ""))),
      this.logView(g),
    );
    fitLabels(box, this.ctx.view());
  }

  // invitesView is the host's list of the table's seats: each one's link
  // (and its QR code on the LAN), for each person to open on their own
  // device.
  invitesView() {
    return h("section", { class: "invites", "data-invites": "", "aria-labelledby": "invites-title" },
      h("h3", { id: "invites-title" }, "Invite the table"),
      h("p", {}, "Each person opens their own seat's link on their own device (or scans its code). Keep each link to its person: it shows that seat's cards."),
      h("ul", {}, ...this.invites.map((inv) => h("li", { "data-invite": String(inv.seat) },
        h("a", { href: inv.link, "data-invite-link": "" }, inv.seat >= 0 ? `${inv.name}'s seat` : "Watch the table"),
        inv.qr ? h("img", { src: inv.qr, alt: inv.seat >= 0 ? `QR code of ${inv.name}'s seat` : "QR code of the spectators' link", width: 160, height: 160, "data-invite-qr": "" }) : ""))));
  }

  replayBar(game) {
    const r = this.replay;
    return h("div", { class: "replay", role: "group", "aria-label": "Replay" },
      h("button", { type: "button", "data-step": 0, "aria-label": "first move" }, "First"),
      h("button", { type: "button", "data-step": r.step - 1, "aria-label": "previous move", disabled: r.step <= 0 }, "◀"),
      h("span", { "data-replay-at": "" }, ` move ${r.step} of ${game.steps} `),
      h("button", { type: "button", "data-step": r.step + 1, "aria-label": "next move", disabled: r.step >= game.steps }, "▶"),
      h("button", { type: "button", "data-step": game.steps, "aria-label": "last move" }, "Last"),
      " ", h("button", { type: "button", "data-action": "end-replay" }, "Back to the game"));
  }

  logView(g) {
    return h("details", { open: true }, h("summary", {}, "What happened"),
      // It scrolls: a keyboard reaches it (tabindex) to scroll it.
      h("ol", { class: "log", reversed: true, tabindex: 0, "aria-label": "What happened, the latest first" }, ...(g.log || []).slice().reverse().slice(0, 30).map((l) => h("li", {}, l))));
  }

  overView(g) {
    if (g.stalled || g.winner < 0) return h("div", { "data-game-over": "stalled", class: "over" }, h("h3", {}, `The game stalled after ${g.turns} turns: no one won.`));
    const winner = g.seats[g.winner];
    const who = winner.name === "You" ? "You win!" : `${winner.name} wins.`;
    return h("div", { "data-game-over": winner.human ? (g.humans > 1 ? "won" : "won") : "lost", "data-winner": g.winner, class: "over" },
      h("h3", {}, `${who} After ${g.turns} turns.`),
      h("p", {}, "The winning journey: ", ...g.winning.map((c) => cardEl(c, {}))),
      h("p", { "data-winning-verdict": g.journey.valid ? "valid" : "not valid" }, (g.journey.valid ? "valid: " : "not valid: ") + g.journey.reason),
      g.coverage ? h("p", { "data-coverage": g.coverage.map((m) => `${m.map}=${m.regions}`).join(" ") },
        "Maps covered: ", g.coverage.map((m) => `${m.name} ${m.regions}`).join(", ")) : "",
      h("ol", { class: "steps" }, ...g.journey.steps.map((s) => h("li", { class: s.linked ? "ok" : "no" }, h("span", { class: "days" }, `days ${s.from}–${s.to}`), " ", s.text))));
  }
}
