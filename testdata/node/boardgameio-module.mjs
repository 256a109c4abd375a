// Loads a package `tendays export --format boardgameio` wrote both ways, as
// require() and as import, and prints what each gives: the names of its
// exports, the game's name and phases, and a journey checked.
//
// usage: node boardgameio-module.mjs PACKAGE_DIR CARD...
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, ...cards] = process.argv.slice(2);
const required = createRequire(import.meta.url)(path.resolve(dir));
const imported = await import(pathToFileURL(path.join(path.resolve(dir), "index.mjs")).href);
const describe = (m) => ({
  keys: ["game", "engine", "bots"].filter((k) => m[k] !== undefined),
  name: m.game.name,
  phases: Object.keys(m.game.phases),
  bots: Object.keys(m.bots),
  check: m.engine.check(cards),
});
process.stdout.write(JSON.stringify({ require: describe(required), import: describe(imported), same: required.engine === imported.engine }) + "\n");
