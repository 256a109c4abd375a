"use strict";
// The tendays game for boardgame.io, and the engine it runs on: the rules
// of the 10 Days games compiled from Go to WebAssembly (engine.wasm). This
// file holds no rule: every answer (a journey's verdict, a move's legality,
// the state after it, the win, a bot's choice) comes from the engine.
//
// caller(exports) is the engine's calls, for other pages (the static site).
// create(exports, packText) makes { game, makeGame, engine, bots } from an
// instantiated engine (the exports of engine.wasm, run by wasm_exec.js's
// Go) and a pack's JSON text. index.cjs does it for Node, browser.mjs in a
// browser.

const INVALID_MOVE = "INVALID_MOVE"; // boardgame.io/core's constant

// caller turns the engine's three exports into call(fn, text) -> value:
// the request is written into the module's memory, the answer read back
// (no JavaScript value crosses, so a call costs microseconds).
function caller(exports) {
  const enc = new TextEncoder();
  const dec = new TextDecoder();
  return function call(fn, text) {
    const req = enc.encode(fn + "\n" + text);
    const at = exports.buffer(req.length);
    new Uint8Array(exports.mem.buffer, at, req.length).set(req);
    const n = exports.call(req.length);
    const answer = JSON.parse(dec.decode(new Uint8Array(exports.mem.buffer, exports.result(), n)));
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.ok;
  };
}

// randomSeed is a 64-bit seed from the platform's secure random source:
// the deal's, held by the game's master only.
function randomSeed() {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  return ((BigInt(words[0]) << 32n) | BigInt(words[1])).toString();
}

// viewOf is G as playerID sees it (null: a spectator): without the seed
// and every other seat's own cards. It is what engine.view answers (the
// engine's State.ViewOf), done here because boardgame.io asks it of every
// state for every player.
function viewOf(G, playerID) {
  const { secret, players, ...shown } = G;
  const id = playerID === null || playerID === undefined ? null : String(playerID);
  const own = id !== null && players && players[id];
  return { ...shown, players: own ? { [id]: own } : {} };
}

function engineFor(call, handle) {
  const api = (fn, ...args) => call(fn, JSON.stringify([handle, ...args]));
  const engine = {
    // info() describes the pack: edition, maps, the deck's tokens, piles, bots.
    info: () => api("info"),
    // check(cards, days) is { valid, reason, fault, day, cards, steps } as
    // `tendays journey check --format json` prints it; cards that cannot be
    // checked (an unknown card, a wrong length) give error: true and why.
    check: (cards, days = 0) => api("check", cards, days),
    // A game's state is boardgame.io's G (see README.md).
    setup: (options) => api("setup", options),
    deal: (state, seed) => api("deal", state, String(seed)),
    apply: (state, playerID, move) => api("apply", state, playerID, move),
    legal: (state, playerID) => api("legal", state, playerID),
    bot: (name, state, playerID) => api("bot", state, playerID, name),
    view: (state, playerID) => api("view", state, playerID === undefined ? null : playerID),
    // secrets(state) is what only the master knows (every holder, the
    // draw piles' order): for a server's own checks, never to send.
    secrets: (state) => api("secrets", state),
    // load(packText) compiles another pack: an engine of its own.
    load: (packText) => engineFor(call, call("load", packText)),
  };
  return engine;
}

function create(exports, packText) {
  const call = caller(exports);
  const engine = engineFor(call, call("load", packText));
  const info = engine.info();

  // Every move goes to the engine on the game's master (client: false: a
  // client holds no seed and cannot work a move out itself).
  const move = (name) => ({
    move: ({ G, playerID }, ...args) => {
      try {
        return engine.apply(G, playerID, { move: name, args });
      } catch (err) {
        return INVALID_MOVE;
      }
    },
    client: false,
  });

  // makeGame(options) is the boardgame.io Game: options.days, swap ("on",
  // "off"), openHands, refill ("all", "own"), turnCap are the variants
  // (setupData may set them too); options.seed, a function, gives the
  // deal's seed (tests), else a secure random one.
  function makeGame(options = {}) {
    const { seed, name, ...variant } = options;
    const setupOptions = (numPlayers, setupData) => ({ ...variant, ...(setupData || {}), players: numPlayers });
    return {
      name: name || "tendays-" + info.edition.id,
      minPlayers: info.minPlayers,
      maxPlayers: info.maxPlayers,
      disableUndo: true,
      // Set up, not dealt: the initial state reaches every client.
      setup: ({ ctx }, setupData) => engine.setup(setupOptions(ctx.numPlayers, setupData)),
      validateSetupData: (setupData, numPlayers) => {
        try {
          engine.setup(setupOptions(numPlayers, setupData));
        } catch (err) {
          return err.message;
        }
        return undefined;
      },
      // What a seat sees: no seed, no other seat's holder or hand.
      playerView: ({ G, playerID }) => viewOf(G, playerID),
      turn: {
        order: { first: ({ G }) => G.toMove, next: ({ G }) => G.toMove },
        endIf: ({ G, ctx }) => String(G.toMove) !== ctx.currentPlayer,
      },
      phases: {
        deal: {
          start: true,
          next: "fill",
          endIf: ({ G }) => G.phase !== "deal",
          moves: {
            deal: {
              move: ({ G }) => {
                try {
                  return engine.deal(G, seed ? String(seed()) : randomSeed());
                } catch (err) {
                  return INVALID_MOVE;
                }
              },
              client: false,
            },
          },
        },
        fill: { next: "play", endIf: ({ G }) => G.phase !== "filling", moves: { fill: move("fill"), place: move("place") } },
        play: { moves: { take: move("take"), put: move("put"), swap: move("swap") } },
      },
      endIf: ({ G }) => {
        if (G.phase !== "over") return undefined;
        if (G.stalled) return { draw: true, stalled: true, turns: G.turns };
        return { winner: String(G.winner), turns: G.turns, journey: G.journey };
      },
    };
  }

  // bots.NAME(G, ctx, playerID) is the move that bot makes for playerID
  // ({ move, args }), or null when playerID is not to move.
  const bots = {};
  for (const name of info.bots) {
    bots[name] = (G, ctx, playerID) => {
      const id = playerID === undefined || playerID === null ? ctx.currentPlayer : String(playerID);
      // Not its turn: no move (the engine would say so, at a price).
      if (String(G.toMove) !== id) return null;
      return engine.bot(name, G, id);
    };
  }

  return { game: makeGame(), makeGame, engine, bots, info };
}

module.exports = { create, caller };
