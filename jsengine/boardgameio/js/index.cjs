"use strict";
// The package for Node (require): the engine compiled and instantiated at
// once, so that require() gives { game, engine, bots } ready to use.
const fs = require("fs");
const path = require("path");
require("./wasm_exec.js"); // defines globalThis.Go, the Go program's host
const { create } = require("./tendays.cjs");

const go = new globalThis.Go();
const wasm = new WebAssembly.Module(fs.readFileSync(path.join(__dirname, "engine.wasm")));
const instance = new WebAssembly.Instance(wasm, go.importObject);
go.run(instance); // runs the Go program's start; it then waits for calls

module.exports = create(instance.exports, fs.readFileSync(path.join(__dirname, "pack.json"), "utf8"));
