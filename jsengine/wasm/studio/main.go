//go:build js && wasm

// Command studio is the studio's JSON API for a page (jsengine/inpage), as
// WebAssembly: the static site of `tendays export --format site` runs it so
// that a page opened from disk checks journeys and plays games with no
// server. It answers through the exports of jsengine/wasm/abi.
package main

import (
	"github.com/tendays/tendays/jsengine/inpage"
	"github.com/tendays/tendays/jsengine/wasm/abi"
)

func main() {
	var calls inpage.Calls
	abi.Serve = calls.Call
	select {}
}
