package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A line that cannot be checked is reported on stderr after the answers to
// the lines before it, even though answers are buffered.
func TestBatchKeepsOrderWithErrors(t *testing.T) {
	var both bytes.Buffer
	opts := &journeyCheckOptions{IO: &IOStreams{In: strings.NewReader("OR,car,AZ\nOR,xar,AZ\nME,car,NH\n"), Out: &both, ErrOut: &both},
		Global: &globalOptions{}, Pack: usaPack, Batch: "-", Format: "text", Days: 3}
	require.Error(t, runJourneyCheck(context.Background(), opts))
	lines := strings.Split(strings.TrimSpace(both.String()), "\n")
	require.Len(t, lines, 4, both.String())
	assert.Contains(t, lines[0], `"line":1,"valid":true`)
	assert.Contains(t, lines[1], "standard input:2: card 2")
	assert.Contains(t, lines[2], `"line":2,"valid":false`)
	assert.Contains(t, lines[3], `"line":3,"valid":false`)
}
