//go:build !(js && wasm)

// Command engine is the tendays engine for JavaScript: built with
// GOOS=js GOARCH=wasm (jsengine/wasmbuild builds it for the exports that
// carry it). Built for another platform it only says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "tendays engine: build this program with GOOS=js GOARCH=wasm (tendays export --format boardgameio does)")
	os.Exit(2)
}
