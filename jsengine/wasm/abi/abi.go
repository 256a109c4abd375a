//go:build js && wasm

// Package abi is how the WebAssembly programs under jsengine/wasm answer
// JavaScript: three exported functions pass bytes through the module's
// memory, and no JavaScript value is made (syscall/js's values each carry
// a finalizer, which made a call cost half a millisecond):
//
//	buffer(n) ptr   room for a request of n bytes, to write it into
//	call(n) len     answer the request of n bytes (Serve)
//	result() ptr    where the answer of the last call lies
//
// jsengine/boardgameio's tendays.cjs (caller) is the other side.
package abi

import "unsafe"

// Serve answers a request; the program sets it before main waits.
var Serve func(req []byte) []byte

var in, out []byte

//go:wasmexport buffer
func buffer(n int32) unsafe.Pointer {
	if cap(in) < int(n) {
		in = make([]byte, n)
	}
	in = in[:n]
	return unsafe.Pointer(unsafe.SliceData(in))
}

//go:wasmexport call
func call(n int32) int32 {
	out = Serve(in[:n])
	return int32(len(out))
}

//go:wasmexport result
func result() unsafe.Pointer { return unsafe.Pointer(unsafe.SliceData(out)) }
