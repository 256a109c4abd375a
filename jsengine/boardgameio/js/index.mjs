// The package for Node (import): the same objects as require() gives.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pkg = require("./index.cjs");

export const { game, makeGame, engine, bots, info } = pkg;
export default pkg;
