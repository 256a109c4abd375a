// Plays whole games of a package `tendays export --format boardgameio`
// wrote, through boardgame.io's Client with a multiplayer Local master, each
// player driven by the package's bot on the state it receives, and searches
// every message and state each player receives for what it must not hold.
//
// usage: node boardgameio-play.cjs PACKAGE_DIR PLAYERS SEED BOT[,BOT...] [TURNCAP [delta]]
// Prints one JSON line: {winner, turns, moves, seed, messages, checked,
// patches}; any
// leak or failure ends the run with a message on stderr and exit 1.
"use strict";
const path = require("path");
const { Client } = require("boardgame.io/client");
const { Local } = require("boardgame.io/multiplayer");
// boardgame.io's own JSON Patch library, which makes its patches.
const { applyPatch } = require("rfc6902");

const [dir, playersArg, seed, botsArg, capArg] = process.argv.slice(2);
const pkg = require(path.resolve(dir));
const players = Number(playersArg);
const botNames = botsArg.split(",");
const { engine, bots, info } = pkg;
const tokens = new Set(info.cards);

function fail(msg) {
  process.stderr.write(msg + "\n");
  process.exit(1);
}

// deltaState: the master sends each player a patch of its view, not the
// view, when the game asks for it (a sixth argument "delta").
const game = { ...pkg.makeGame({ seed: () => seed, turnCap: Number(capArg || 0) }), deltaState: process.argv[7] === "delta" };
const received = Array.from({ length: players }, () => []);
const local = Local();
const clients = [];
for (let p = 0; p < players; p++) {
  const id = String(p);
  const multiplayer = (opts) => local({
    ...opts,
    transportDataCallback: (data) => {
      received[p].push(JSON.parse(JSON.stringify(data)));
      opts.transportDataCallback(data);
    },
  });
  const client = Client({ game, numPlayers: players, multiplayer, playerID: id, debug: false });
  client.start();
  clients.push(client);
}

// The truth each message is held against: the master's state, replayed
// from the seed through the engine, by the number of moves.
const setupState = engine.setup({ players, turnCap: Number(capArg || 0) });
const history = []; // history[i]: the master's state and secrets after i moves
function truth(moves) {
  if (!history.length) {
    const st = engine.deal(setupState, seed);
    history.push({ state: st, secrets: engine.secrets(st) });
  }
  while (history.length <= moves.length) {
    const i = history.length - 1;
    const st = history[i].state;
    const next = engine.apply(st, String(st.toMove), legalFor(st, moves[i]));
    history.push({ state: next, secrets: engine.secrets(next) });
  }
  const t = history[moves.length];
  if (JSON.stringify(t.state.moves) !== JSON.stringify(moves)) fail("the moves received are not the game's");
  return t;
}
// legalFor is the boardgame.io move of a short form ("p3", "d0", "u3.1").
function legalFor(st, short) {
  const n = short.slice(1).split(".").map(Number);
  const m = { f: ["fill", [n[0]]], p: ["place", [n[0]]], d: ["take", [-1, n[0]]], t: ["take", [n[0]]], u: ["put", n], x: ["put", [-1, n[0]]], s: ["swap", n] }[short[0]];
  if (!m) fail(`replaying: ${short} is no move`);
  return { move: m[0], args: m[1] };
}

// walk calls f(path, value) for every string in v (object keys too).
function walk(v, p, f) {
  if (typeof v === "string") f(p, v);
  else if (Array.isArray(v)) v.forEach((x, i) => walk(x, p + "[" + i + "]", f));
  else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) { f(p + "{key}", k); walk(x, p + "." + k, f); }
}
// sequences lists the arrays of strings in v, whatever they are under.
function arrays(v, out = []) {
  if (Array.isArray(v)) { if (v.every((x) => typeof x === "string" || x === null)) out.push(v); v.forEach((x) => arrays(x, out)); }
  else if (v && typeof v === "object") Object.values(v).forEach((x) => arrays(x, out));
  return out;
}
function holdsRun(arr, run) {
  if (run.length < 2) return false;
  for (let i = 0; i + run.length <= arr.length; i++) {
    if (run.every((t, k) => arr[i + k] === t)) return true;
  }
  return false;
}

// The places a card token may sit in what player p receives: its own
// holder and hand, the face-up piles, the cards every seat saw go into a
// holder, the hand when taken face up, the last turn, the cards shown
// (keys), and once the game is over the winning journey.
const allowed = [
  /^G\.players\.(\d+)\.holder\[\d+\]$/, /^G\.players\.(\d+)\.hand\.card$/,
  /^G\.table\.piles\[\d+\]\.cards\[\d+\]$/, /^G\.seats\[\d+\]\.shown\.cards\[\d+\]$/,
  /^G\.table\.hand\.card$/, /^G\.table\.last\.(taken|discarded)$/, /^G\.table\.shown\{key\}$/,
  /^G\.journey\./, /^ctx\.gameover\.journey\./,
];

// holdsSeed: the seed (a string, G.secret.seed on the master) anywhere
// in v, as a value or a key. A search of the JSON text would find a short
// seed in any number.
function holdsSeed(v) {
  let found = false;
  walk(v, "", (at, s) => { if (s === seed) found = true; });
  return found;
}

let checked = 0;
function checkState(p, state, where) {
  if (!state || !state.G) return;
  const G = state.G;
  if (holdsSeed(state)) fail(`${where}: player ${p} receives the seed`);
  if (G.secret !== undefined) fail(`${where}: player ${p} receives G.secret`);
  for (const id of Object.keys(G.players || {})) {
    if (id !== String(p)) fail(`${where}: player ${p} receives player ${id}'s own cards`);
  }
  if (!Array.isArray(G.moves) || G.phase === "deal") return;
  const t = truth(G.moves);
  // Every token where a token may be, and there the truth.
  walk(state, "", (at, s) => {
    if (!tokens.has(s)) return;
    const ok = allowed.find((re) => re.test(at.slice(1)));
    if (!ok) fail(`${where}: player ${p} receives card ${s} at ${at}`);
    const own = at.match(/^\.G\.players\.(\d+)\./);
    if (own && own[1] !== String(p)) fail(`${where}: player ${p} receives ${at}`);
    if (at.startsWith(".ctx.gameover") || at.startsWith(".G.journey")) {
      if (!(G.phase === "over")) fail(`${where}: a journey before the end, at ${at}`);
    }
  });
  const seats = G.seats || [];
  seats.forEach((se, q) => {
    se.shown.cards.forEach((c, d) => {
      if (c === null) return;
      if (!se.known[d] && !G.options.openHands) fail(`${where}: player ${p} sees seat ${q}'s day ${d}, not known`);
      if (c !== t.secrets.holders[q][d]) fail(`${where}: seat ${q}'s day ${d} shows ${c}, but holds ${t.secrets.holders[q][d]}`);
    });
  });
  if (G.players[String(p)]) {
    const mine = G.players[String(p)].holder;
    if (JSON.stringify(mine) !== JSON.stringify(t.secrets.holders[p])) fail(`${where}: player ${p}'s holder is not its own`);
  }
  // No run of another seat's hidden cards, nor of the draw piles' next
  // cards, in any array received.
  const runs = [];
  for (let q = 0; q < players; q++) {
    if (q === p || G.options.openHands) continue;
    runs.push(t.secrets.holders[q].filter((c, d) => c !== null && !(seats[q] && seats[q].known[d])));
  }
  for (const d of t.secrets.draws) {
    const top = d.slice(-4);
    runs.push(top, top.slice().reverse());
  }
  for (const arr of arrays(state)) {
    for (const run of runs) {
      if (run.length >= 2 && holdsRun(arr, run)) fail(`${where}: player ${p} receives a run of hidden cards ${JSON.stringify(run)}`);
    }
  }
  checked++;
}

// noCards fails on any card token in v: a log (the moves' arguments are
// indexes), a match's metadata, anything but a state.
function noCards(p, v, where) {
  walk(v, "", (at, s) => { if (tokens.has(s)) fail(`${where}: player ${p} receives card ${s} at ${at}`); });
}

// last[p] is the state player p holds, which a patch applies to.
const last = [];
function checkMessage(p, data, n) {
  const where = `message ${n} (${data.type})`;
  const text = JSON.stringify(data);
  if (holdsSeed(data)) fail(`${where}: player ${p} receives the seed`);
  if (text.includes('"secret"')) fail(`${where}: player ${p} receives a secret`);
  const [, ...args] = data.args || [];
  if (data.type === "sync") {
    const { state, initialState, ...rest } = args[0];
    checkState(p, state, where + " state");
    checkState(p, initialState, where + " initial state");
    noCards(p, rest, where);
    last[p] = state;
  } else if (data.type === "update") {
    checkState(p, args[0], where);
    noCards(p, args.slice(1), where + " log");
    last[p] = args[0];
  } else if (data.type === "patch") {
    // [prevStateID, stateID, patch, log]: the state the player then holds
    // is searched as a whole.
    if (!last[p]) fail(`${where}: a patch before any state`);
    const state = JSON.parse(JSON.stringify(last[p]));
    const errs = applyPatch(state, args[2]).filter(Boolean);
    if (errs.length) fail(`${where}: the patch does not apply: ${errs[0]}`);
    checkState(p, state, where + " state");
    noCards(p, args.slice(3), where + " log");
    last[p] = state;
    patches++;
  } else {
    noCards(p, data, where);
  }
}
let patches = 0;

let steps = 0;
let seen = 0;
for (;;) {
  const states = clients.map((c) => c.getState());
  states.forEach((st, p) => checkState(p, st, `client ${p} state`));
  for (let p = 0; p < players; p++) {
    for (; received[p].seenUpTo === undefined || received[p].seenUpTo < received[p].length; ) {
      const i = received[p].seenUpTo || 0;
      checkMessage(p, received[p][i], i);
      received[p].seenUpTo = i + 1;
      seen++;
    }
  }
  const st = states[0];
  if (st.ctx.gameover) break;
  if (++steps > 50000) fail("no end after 50000 moves");
  let moved = false;
  for (let p = 0; p < players; p++) {
    const s = states[p];
    const choice = bots[botNames[p % botNames.length]](s.G, s.ctx, String(p));
    if (!choice) continue;
    if (s.ctx.currentPlayer !== String(p)) fail(`the bot of player ${p} moves out of turn`);
    const before = clients[p].getState()._stateID;
    clients[p].moves[choice.move](...choice.args);
    if (clients[p].getState()._stateID === before) fail(`player ${p}'s move ${JSON.stringify(choice)} was refused`);
    moved = true;
    break;
  }
  if (!moved) fail(`no player's bot moves (phase ${st.ctx.phase}, current ${st.ctx.currentPlayer})`);
}
const end = clients[0].getState();
const G = truth(end.G.moves).state;
process.stdout.write(JSON.stringify({ gameover: end.ctx.gameover, winner: G.winner, turns: G.turns, stalled: G.stalled, seed, moves: G.moves, messages: seen, checked, patches }) + "\n");
