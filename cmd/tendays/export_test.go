package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExportFlags checks that each flag lands in the options.
func TestExportFlags(t *testing.T) {
	var out, errOut bytes.Buffer
	io := &IOStreams{Out: &out, ErrOut: &errOut}
	cmd := newExportCmd(io, &globalOptions{})
	require.NoError(t, cmd.ParseFlags([]string{"--format", "tts", "-o", "x.json", "--board", "b.geojson", "--graph",
		"--width", "900", "--license", "CC0-1.0", "--package-version", "2.1.0", "--asset-url", "https://h/", "--card-width", "300", "--board-width", "2000"}))
	f := cmd.Flags()
	get := func(name string) string { v, err := f.GetString(name); require.NoError(t, err); return v }
	assert.Equal(t, "tts", get("format"))
	assert.Equal(t, "x.json", get("output"))
	assert.Equal(t, "b.geojson", get("board"))
	assert.Equal(t, "CC0-1.0", get("license"))
	assert.Equal(t, "2.1.0", get("package-version"))
	assert.Equal(t, "https://h/", get("asset-url"))
	g, _ := f.GetBool("graph")
	assert.True(t, g)
	w, _ := f.GetFloat64("width")
	assert.Equal(t, 900.0, w)
	cw, _ := f.GetInt("card-width")
	assert.Equal(t, 300, cw)
	bw, _ := f.GetInt("board-width")
	assert.Equal(t, 2000, bw)
}

// TestRunExportRanges: out-of-range sizes are usage errors, before any
// file is read.
func TestRunExportRanges(t *testing.T) {
	base := exportOptions{IO: &IOStreams{Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}, Global: &globalOptions{}, Pack: "nope.pack.json",
		Format: "svg", Width: 1600, CardWidth: 400, BoardWidth: 3200}
	for _, c := range []struct {
		edit func(o *exportOptions)
		want string
	}{
		{func(o *exportOptions) { o.Width = 10 }, "--width 10 is out of range"},
		{func(o *exportOptions) { o.CardWidth = 5000 }, "--card-width 5000 is out of range"},
		{func(o *exportOptions) { o.BoardWidth = 1 }, "--board-width 1 is out of range"},
		{func(o *exportOptions) { o.Format = "tts" }, "--format tts writes several files: give -o"},
		{func(o *exportOptions) { o.Format, o.Quantization = "topojson", 1 }, "--quantization 1 is out of range"},
		{func(o *exportOptions) { o.Winding = "ccw" }, `--winding "ccw": want rfc7946 or d3`},
		{func(o *exportOptions) { o.Format = "gis" }, "--format gis writes several files: give -o"},
	} {
		o := base
		c.edit(&o)
		err := runExport(context.Background(), &o)
		var ue *usageError
		require.ErrorAs(t, err, &ue)
		assert.Contains(t, err.Error(), c.want)
	}
}
