package export

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Output: standard output for "" and "-", <id><ext> in a folder named by
// a trailing slash (created), the file itself otherwise; an input, a data
// package folder holding one, or a device for several files is refused
// with ErrOutput, before anything is written.
func TestOutputPlacesAndRefuses(t *testing.T) {
	in := fixture(t)
	want, err := Render(in, DOT, Options{})
	require.NoError(t, err)
	for _, out := range []string{"", "-"} {
		var w bytes.Buffer
		paths, err := Output(&w, in, lookup(DOT), out, nil, Options{})
		require.NoError(t, err)
		assert.Empty(t, paths)
		assert.Equal(t, string(want[0].Data), w.String())
	}

	dir := t.TempDir()
	paths, err := Output(nil, in, lookup(DOT), filepath.Join(dir, "new")+"/", nil, Options{})
	require.NoError(t, err)
	require.Len(t, paths, 1)
	assert.Equal(t, "testland.dot", filepath.Base(paths[0]))
	got, err := os.ReadFile(paths[0])
	require.NoError(t, err)
	assert.Equal(t, want[0].Data, got)

	input := filepath.Join(dir, "input.pack.json")
	require.NoError(t, os.WriteFile(input, []byte("{}"), 0o644))
	_, err = Output(nil, in, lookup(DOT), input, []string{input}, Options{})
	require.ErrorIs(t, err, ErrOutput)
	assert.Contains(t, err.Error(), "would overwrite an input")
	got, _ = os.ReadFile(input)
	assert.Equal(t, "{}", string(got))

	_, err = Output(nil, in, lookup(DataPackage), dir, []string{input}, Options{})
	require.ErrorIs(t, err, ErrOutput)
	assert.Contains(t, err.Error(), "the data package folder holds "+input)

	if _, err := os.Stat(os.DevNull); err == nil {
		_, err = Output(nil, in, lookup(CSV), os.DevNull, nil, Options{})
		require.ErrorIs(t, err, ErrOutput)
		assert.Contains(t, err.Error(), "is a device or a pipe, and --format csv writes several files: give "+lookup(CSV).Output)
	}
}

// A route network's export goes where Output puts any: a file in a
// folder, the GIS layers in a folder, and the refusals.
func TestOutputNetwork(t *testing.T) {
	p := Input{Pack: netPack()}
	dir := t.TempDir()
	paths, err := Output(nil, p, lookup(GeoJSON), dir, nil, Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "tri.network.geojson")}, paths)

	_, err = Output(nil, p, lookup(GeoJSON), filepath.Join(dir, "missing", "x.geojson"), nil, Options{})
	require.ErrorIs(t, err, ErrOutput)
	assert.Contains(t, err.Error(), "folder "+filepath.Join(dir, "missing")+" does not exist")

	_, err = Output(nil, p, lookup(GeoJSON), paths[0], paths, Options{})
	require.ErrorIs(t, err, ErrOutput)

	_, err = Output(nil, p, lookup(GIS), "-", nil, Options{})
	require.ErrorIs(t, err, ErrOutput)
	layers, err := Output(nil, p, lookup(GIS), filepath.Join(dir, "layers"), nil, Options{})
	require.NoError(t, err)
	assert.NotEmpty(t, layers)
	for _, l := range layers {
		assert.FileExists(t, l)
	}

	var w bytes.Buffer
	_, err = Output(&w, p, lookup(CSV), "", nil, Options{})
	assert.ErrorContains(t, err, "--format csv does not apply to a route-network pack")
	assert.Zero(t, w.Len())
}

// Check names the flag of each option out of range; the defaults pass.
func TestOptionsCheck(t *testing.T) {
	ok := Options{Width: 1600, CardWidth: 400, BoardWidth: 3200, Paper: "letter"}
	require.NoError(t, ok.Check())
	for _, c := range []struct {
		edit func(o *Options)
		want string
	}{
		{func(o *Options) { o.Quantization = 1 }, "--quantization 1 is out of range (2 to 1073741824)"},
		{func(o *Options) { o.Width = 199 }, "--width 199 is out of range (200 to 20000 pixels)"},
		{func(o *Options) { o.Width = math.NaN() }, "--width NaN is out of range"},
		{func(o *Options) { o.CardWidth = 1001 }, "--card-width 1001 is out of range (40 to 1000 pixels)"},
		{func(o *Options) { o.BoardWidth = 8001 }, "--board-width 8001 is out of range (200 to 8000 pixels)"},
		{func(o *Options) { o.Paper = "a3" }, `--paper: unknown paper "a3" (want a4, letter or card)`},
	} {
		o := ok
		c.edit(&o)
		assert.ErrorContains(t, o.Check(), c.want)
	}
}
