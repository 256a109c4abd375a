// Package abi is how the WebAssembly programs under jsengine/wasm answer
// JavaScript; it is built for GOOS=js GOARCH=wasm only (see abi.go).
package abi
