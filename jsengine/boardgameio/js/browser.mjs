// The package in a browser: load() fetches engine.wasm and pack.json
// beside this file (or the URLs given) and resolves to
// { game, makeGame, engine, bots, info }. wasm_exec.js must be loaded first
// (a <script src="wasm_exec.js"> before this module), as it defines Go.
import createModule from "./tendays.mjs";

export async function load({ wasm = new URL("engine.wasm", import.meta.url), pack = new URL("pack.json", import.meta.url) } = {}) {
  const go = new globalThis.Go();
  const [{ instance }, packText] = await Promise.all([
    WebAssembly.instantiateStreaming(fetch(wasm), go.importObject),
    fetch(pack).then((r) => r.text()),
  ]);
  go.run(instance);
  return createModule.create(instance.exports, packText);
}
