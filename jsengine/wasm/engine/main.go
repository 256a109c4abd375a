//go:build js && wasm

// Command engine is the tendays engine for JavaScript, as WebAssembly
// (GOOS=js GOARCH=wasm, run by the Go installation's wasm_exec.js): it
// answers jsengine.Calls through the exports of jsengine/wasm/abi. The
// boardgame.io package's index.cjs and browser.mjs load it.
package main

import (
	"github.com/tendays/tendays/jsengine"
	"github.com/tendays/tendays/jsengine/wasm/abi"
)

func main() {
	var calls jsengine.Calls
	abi.Serve = calls.Call
	select {}
}
