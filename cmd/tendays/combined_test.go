package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAroundTheWorldFixture keeps the engine's copy of the combined pack
// (its tests and benchmarks read it) the same as a fresh build. To renew:
// tendays build around-the-world -o engine/testdata/around-the-world.pack.json (and delete the board beside it)
func TestAroundTheWorldFixture(t *testing.T) {
	pack, _ := buildWithProcs(t, "around-the-world", 2, 0)
	want, err := os.ReadFile("../../engine/testdata/around-the-world.pack.json")
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, pack), "engine/testdata/around-the-world.pack.json is stale: rebuild it (see the test's comment)")
}
