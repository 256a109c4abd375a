//go:build !unix

package safeio

const nonblock = 0
