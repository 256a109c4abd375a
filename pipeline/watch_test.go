package pipeline

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWatchAfter(t *testing.T) {
	before := []string{"a/edition.yaml", "a/borders.geojson"}
	// A build: exactly what it read, the files it no longer names dropped.
	assert.Equal(t, []string{"a/edition.yaml", "a/lint.yaml"},
		WatchAfter(before, &Result{Inputs: []string{"a/edition.yaml", "a/lint.yaml"}}, nil))
	// A failure: what was watched stays, and what the failed load read joins it.
	assert.Equal(t, []string{"a/edition.yaml", "a/borders.geojson", "a/new.geojson"},
		WatchAfter(before, &Result{Inputs: []string{"a/edition.yaml", "a/new.geojson"}}, errors.New("bad")))
	// Nothing read at all: the same files.
	assert.Equal(t, before, WatchAfter(before, nil, errors.New("gone")))
}
