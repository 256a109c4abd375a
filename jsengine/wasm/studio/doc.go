//go:build !(js && wasm)

// Command studio is the studio's JSON API for a page: built with
// GOOS=js GOARCH=wasm (jsengine/wasmbuild builds it for the static site).
// Built for another platform it only says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "tendays studio for a page: build this program with GOOS=js GOARCH=wasm (tendays export --format site does)")
	os.Exit(2)
}
