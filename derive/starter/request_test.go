package starter_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/starter"
)

func TestRequestSelection(t *testing.T) {
	sel, err := starter.Request{Only: []string{"A"}, Where: []string{"zone = x"}, BBox: "-10, -5, 10, 5"}.Selection()
	require.NoError(t, err)
	assert.Equal(t, []string{"A"}, sel.Only)
	assert.Equal(t, []starter.Cond{{Property: "zone", Value: "x"}}, sel.Where)
	assert.Equal(t, &orb.Bound{Min: orb.Point{-10, -5}, Max: orb.Point{10, 5}}, sel.BBox)
	for _, bad := range []string{"1,2,3", "10,0,-10,5", "0,-95,10,5", "0,0,x,5", "0,0,190,5"} {
		_, err := starter.Request{BBox: bad}.Selection()
		assert.ErrorContains(t, err, "--bbox \""+bad+"\": want W,S,E,N", bad)
	}
	_, err = starter.Request{Where: []string{"zone"}}.Selection()
	assert.EqualError(t, err, `--where "zone": want PROPERTY=VALUE`)

	dir := t.TempDir()
	within := filepath.Join(dir, "area.geojson")
	require.NoError(t, os.WriteFile(within, grid([]string{"P", "Q"}, func(int) map[string]any { return nil }), 0o644))
	sel, err = starter.Request{Within: within}.Selection()
	require.NoError(t, err)
	assert.Len(t, sel.Areas, 2)
	_, err = starter.Request{Within: filepath.Join(dir, "missing.geojson")}.Selection()
	assert.Error(t, err)
}

func TestRequestDescribe(t *testing.T) {
	assert.Equal(t, "every feature", starter.Request{}.Describe())
	assert.Equal(t, "the features selected by --only A,B --where zone=x --where zone=y --bbox 0,0,1,1 --within area.geojson",
		starter.Request{Only: []string{"A", "B"}, Where: []string{"zone=x", "zone=y"}, BBox: "0,0,1,1", Within: "some/where/area.geojson"}.Describe())
}

// A request goes from the borders to the files init writes: the name
// property found when none is given, the regions chosen, the edition named
// after its folder, and the borders cut down to the selection.
func TestRequestPlansAnEdition(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "row.geojson")
	require.NoError(t, os.WriteFile(file, grid([]string{"Alpha", "Beta", "Gamma", "Delta", "Epsilon"}, func(int) map[string]any { return nil }), 0o644))
	req := starter.Request{Folder: filepath.Join(dir, "my-row"), Borders: []string{file}, Only: []string{"Alpha", "Beta", "Gamma"}}
	src, err := req.Read()
	require.NoError(t, err)
	assert.Equal(t, "name", src.NameProperty)
	assert.Nil(t, src.Bundled)
	sel, err := req.Selection()
	require.NoError(t, err)
	res, err := req.Choose(src, sel)
	require.NoError(t, err)
	plan, err := req.Plan(src, sel, res)
	require.NoError(t, err)
	assert.Equal(t, "borders.geojson", plan.BordersFile)
	assert.Equal(t, "my-row", plan.Spec.ID)
	assert.Equal(t, []string{"Alpha", "Beta", "Gamma"}, plan.Spec.Regions)
	assert.Equal(t, []string{"Delta"}, plan.Spec.Omit)
	assert.Contains(t, string(plan.Edition), "id: my-row")
	assert.NotContains(t, string(plan.Borders), "Epsilon", "only the selection and what touches it")
	assert.Contains(t, string(plan.Borders), "Delta")

	// Without a selection, the file is copied as it is.
	whole := starter.Request{Folder: req.Folder, Borders: []string{file}}
	sel, _ = whole.Selection()
	res, err = whole.Choose(src, sel)
	require.NoError(t, err)
	plan, err = whole.Plan(src, sel, res)
	require.NoError(t, err)
	assert.Equal(t, "row.geojson", plan.BordersFile)

	_, err = starter.Request{Borders: []string{file}, Only: []string{"Alpha"}}.Choose(src, starter.Selection{Only: []string{"Alpha"}})
	assert.EqualError(t, err, file+": the selection keeps 1 feature(s); an edition needs at least two")
	_, err = starter.Request{Folder: "x", Borders: []string{file}, EditionID: "My Row"}.Plan(src, sel, res)
	assert.EqualError(t, err, `--edition-id "My Row": an id is lower-case letters, digits and dashes (e.g. my-row)`)
	_, err = starter.Request{Folder: "x", Borders: []string{file}, EditionName: "bad\x00name"}.Plan(src, sel, res)
	assert.ErrorContains(t, err, `--edition-name "bad\x00name"`)
}

// A region name the schemas refuse is refused with the feature's place and
// the name cut to 40 characters.
func TestRequestRefusesLongNames(t *testing.T) {
	long := strings.Repeat("x", 250)
	dir := t.TempDir()
	file := filepath.Join(dir, "long.geojson")
	require.NoError(t, os.WriteFile(file, grid([]string{"A", long}, func(int) map[string]any { return nil }), 0o644))
	req := starter.Request{Borders: []string{file}}
	src, err := req.Read()
	require.NoError(t, err)
	_, err = req.Choose(src, starter.Selection{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), file+":/features/1: the region name \""+strings.Repeat("x", 40)+"… (210 more characters)\" cannot name a region")
}

func TestRequestReadsBundledBorders(t *testing.T) {
	src, err := starter.Request{Borders: []string{"World"}}.Read()
	require.NoError(t, err)
	require.NotNil(t, src.Bundled)
	assert.Equal(t, "name", src.NameProperty)
	assert.Greater(t, len(src.Layer.Features), 200)
}
