package main

import (
	"path/filepath"

	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/pipeline"
)

// readInput reads a top-level input of at most max bytes: "-" is standard
// input, anything else a regular file. It returns the name messages give
// the input ("<stdin>" for "-").
func (g *globalOptions) readInput(path string, max int64) ([]byte, string, error) {
	return pipeline.ReadInput(path, g.In, max)
}

// checkClobber refuses (exit 2) outputs that are inputs of the run: the same
// file, however named (links, relative paths, hard links).
func checkClobber(outputs, inputs []string) error {
	if err := atomicfile.CheckClobber(outputs, inputs); err != nil {
		return &usageError{msg: err.Error()}
	}
	return nil
}

// outputName is how a summary names an output.
func outputName(path string, stdout bool) string {
	if stdout {
		return "standard output"
	}
	return filepath.ToSlash(path)
}
