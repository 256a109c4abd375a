// Times the engine of a package `tendays export --format boardgameio` wrote,
// in one Node process: compiling the WebAssembly module, starting the Go
// program, loading the pack (the package's own, as require() does), then
// journeys checked a second (engine.check, the JSON both ways), and a
// bots' game through the engine (each move: the mover's view, its bot,
// the master applying).
//
// usage: node boardgameio-bench.cjs PACKAGE_DIR [SECONDS]
// Prints one JSON line of milliseconds (wall, and the process's CPU time
// for the load: every thread, V8's compilers included) and rates.
"use strict";
const fs = require("fs");
const path = require("path");

const [dir, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg || 2);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const k0 = cpu();
const t0 = performance.now();
require(path.join(path.resolve(dir), "wasm_exec.js"));
const bytes = fs.readFileSync(path.join(dir, "engine.wasm"));
const t1 = performance.now();
const mod = new WebAssembly.Module(bytes);
const t2 = performance.now();
const go = new globalThis.Go();
const inst = new WebAssembly.Instance(mod, go.importObject);
go.run(inst);
const t3 = performance.now();
const { create } = require(path.join(path.resolve(dir), "tendays.cjs"));
const pkg = create(inst.exports, fs.readFileSync(path.join(dir, "pack.json"), "utf8"));
const t4 = performance.now();
const k4 = cpu();
const { engine, game } = pkg;
const cards = ["OR", "car", "AZ", "plane:tan", "OH", "WV", "PA", "plane:light-blue", "GA", "FL"];
if (!engine.check(cards).valid) throw new Error("the USA journey is not valid: run this on the usa package");
let n = 0;
const kc = cpu();
const c0 = performance.now();
while (performance.now() - c0 < seconds * 1000) {
  for (let i = 0; i < 100; i++) engine.check(cards);
  n += 100;
}
const checks = n / ((performance.now() - c0) / 1000);
const checksCPU = n / ((cpu() - kc) / 1000);
let st = engine.deal(engine.setup({ players: 3 }), "11");
let moves = 0;
const g0 = performance.now();
while (st.phase !== "over") {
  const seat = String(st.toMove);
  st = engine.apply(st, seat, engine.bot("greedy", game.playerView({ G: st, playerID: seat }), seat));
  moves++;
}
const game_ms = performance.now() - g0;
process.stdout.write(JSON.stringify({
  read_ms: +(t1 - t0).toFixed(1), compile_ms: +(t2 - t1).toFixed(1), start_ms: +(t3 - t2).toFixed(1), pack_ms: +(t4 - t3).toFixed(1),
  load_ms: +(t4 - t0).toFixed(1), load_cpu_ms: +(k4 - k0).toFixed(1), checks_per_s: Math.round(checks), checks_per_cpu_s: Math.round(checksCPU), game_moves: moves, ms_per_move: +(game_ms / moves).toFixed(2),
}) + "\n");
