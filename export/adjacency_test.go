package export

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/adjacency"
)

func TestWriteAdjacency(t *testing.T) {
	rows := []adjacency.Row{{A: "=cmd", B: `B "quoted"`, LengthKm: 1.23456}, {A: "x", B: "y"}}
	var csv, js bytes.Buffer
	require.NoError(t, WriteAdjacency(&csv, "csv", rows))
	assert.Equal(t, "a,b,length_km\n'=cmd,\"B \"\"quoted\"\"\",1.235\nx,y,0.000\n", csv.String())
	require.NoError(t, WriteAdjacency(&js, "json", rows))
	assert.Equal(t, "[\n  {\"a\": \"=cmd\", \"b\": \"B \\\"quoted\\\"\", \"length_km\": 1.235},\n  {\"a\": \"x\", \"b\": \"y\", \"length_km\": 0.000}\n]\n", js.String())
	js.Reset()
	require.NoError(t, WriteAdjacency[AdjacencyRow](&js, "json", nil))
	assert.Equal(t, "[\n]\n", js.String())
}
