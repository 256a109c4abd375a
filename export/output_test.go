package export

import (
	"bytes"
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
		paths, err := Output(&w, in, DOT, out, nil, Options{})
		require.NoError(t, err)
		assert.Empty(t, paths)
		assert.Equal(t, string(want[0].Data), w.String())
	}

	dir := t.TempDir()
	paths, err := Output(nil, in, DOT, filepath.Join(dir, "new")+"/", nil, Options{})
	require.NoError(t, err)
	require.Len(t, paths, 1)
	assert.Equal(t, "testland.dot", filepath.Base(paths[0]))
	got, err := os.ReadFile(paths[0])
	require.NoError(t, err)
	assert.Equal(t, want[0].Data, got)

	input := filepath.Join(dir, "input.pack.json")
	require.NoError(t, os.WriteFile(input, []byte("{}"), 0o644))
	_, err = Output(nil, in, DOT, input, []string{input}, Options{})
	require.ErrorIs(t, err, ErrOutput)
	assert.Contains(t, err.Error(), "would overwrite an input")
	got, _ = os.ReadFile(input)
	assert.Equal(t, "{}", string(got))

	_, err = Output(nil, in, DataPackage, dir, []string{input}, Options{})
	require.ErrorIs(t, err, ErrOutput)
	assert.Contains(t, err.Error(), "the data package folder holds "+input)

	if _, err := os.Stat(os.DevNull); err == nil {
		_, err = Output(nil, in, CSV, os.DevNull, nil, Options{})
		require.ErrorIs(t, err, ErrOutput)
		assert.Contains(t, err.Error(), "is a device or a pipe, and --format csv writes several files: give "+OutputHint(CSV))
	}
}

// OutputNetwork: a file in a folder that exists, the GIS layers in a
// folder, and the refusals of Output.
func TestOutputNetwork(t *testing.T) {
	p := netPack()
	dir := t.TempDir()
	paths, err := OutputNetwork(nil, p, GeoJSON, dir, nil, Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "tri.network.geojson")}, paths)

	_, err = OutputNetwork(nil, p, GeoJSON, filepath.Join(dir, "missing", "x.geojson"), nil, Options{})
	require.ErrorIs(t, err, ErrOutput)
	assert.Contains(t, err.Error(), "the folder "+filepath.Join(dir, "missing")+" does not exist")

	_, err = OutputNetwork(nil, p, GeoJSON, paths[0], paths, Options{})
	require.ErrorIs(t, err, ErrOutput)

	_, err = OutputNetwork(nil, p, GIS, "-", nil, Options{})
	require.ErrorIs(t, err, ErrOutput)
	layers, err := OutputNetwork(nil, p, GIS, filepath.Join(dir, "layers"), nil, Options{})
	require.NoError(t, err)
	assert.NotEmpty(t, layers)
	for _, l := range layers {
		assert.FileExists(t, l)
	}

	var w bytes.Buffer
	_, err = OutputNetwork(&w, p, CSV, "", nil, Options{})
	assert.ErrorContains(t, err, "--format csv does not apply to a route-network pack")
	assert.Zero(t, w.Len())
}
