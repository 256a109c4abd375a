package schema

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func decode(t *testing.T, src []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	return v
}

func TestSchemasAreVersioned2020_12(t *testing.T) {
	for _, name := range Names() {
		src, err := Source(name)
		require.NoError(t, err)
		doc := decode(t, src).(map[string]any)
		assert.Equal(t, "https://json-schema.org/draft/2020-12/schema", doc["$schema"], name)
		assert.Equal(t, ID(name), doc["$id"], name)
		assert.Contains(t, ID(name), "/v1.json")
	}
	// Compiling checks each schema against the 2020-12 meta-schema.
	_, err := Validate(Pack, map[string]any{})
	require.NoError(t, err)
}

func TestExamplePacksValidate(t *testing.T) {
	paths, err := filepath.Glob("../testdata/packs/mini.pack.json")
	require.NoError(t, err)
	more, _ := filepath.Glob("../engine/testdata/*.pack.json")
	paths = append(paths, more...)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		require.NoError(t, err)
		vs, err := Validate(Pack, decode(t, src))
		require.NoError(t, err)
		assert.Empty(t, vs, p)
	}
}

func TestViolationsNameTheirPlace(t *testing.T) {
	src, err := os.ReadFile("../testdata/packs/mini.pack.json")
	require.NoError(t, err)
	doc := decode(t, src).(map[string]any)
	doc["regions"].([]any)[2].(map[string]any)["copies"] = "two"
	doc["links"].([]any)[0].(map[string]any)["kind"] = "tunnel"
	doc["surprise"] = true
	vs, err := Validate(Pack, doc)
	require.NoError(t, err)
	var pointers []string
	for _, v := range vs {
		pointers = append(pointers, v.Pointer)
	}
	assert.Contains(t, pointers, "/regions/2/copies")
	assert.Contains(t, pointers, "/links/0/kind")
	assert.Contains(t, pointers, "")
}

func TestUnknownSchema(t *testing.T) {
	_, err := Source("atlas")
	assert.ErrorContains(t, err, `unknown schema "atlas"`)
}

// Each schema is published where its $id points (docs/ is the site at
// https://tendays.dev/), byte for byte as `tendays schema` prints it, so
// that editors and validators that fetch the $id get the same schema.
func TestSchemasArePublishedAtTheirIDs(t *testing.T) {
	const site = "https://tendays.dev/"
	for _, name := range Names() {
		id := ID(name)
		require.True(t, strings.HasPrefix(id, site), id)
		published := filepath.Join("..", "docs", filepath.FromSlash(strings.TrimPrefix(id, site)))
		got, err := os.ReadFile(published)
		require.NoError(t, err, "%s schema: publish it at %s (tendays schema %s > %s)", name, published, name, published)
		src, err := Source(name)
		require.NoError(t, err)
		assert.Equal(t, string(src), string(got), "%s is not what `tendays schema %s` prints: tendays schema %s > %s", published, name, name, published)
	}
}

// A card names what its kind needs: a region card its region, a plane its
// colour, a ship its sea; a car or a train nothing.
func TestCardKindNeedsItsField(t *testing.T) {
	pointers := func(cards ...map[string]any) []string {
		src, err := os.ReadFile("../testdata/packs/mini.pack.json")
		require.NoError(t, err)
		doc := decode(t, src).(map[string]any)
		list := []any{}
		for _, c := range cards {
			list = append(list, c)
		}
		doc["deck"].(map[string]any)["cards"] = list
		vs, err := Validate(Pack, doc)
		require.NoError(t, err)
		var out []string
		for _, v := range vs {
			if strings.HasPrefix(v.Pointer, "/deck/cards/") {
				out = append(out, v.Pointer+" "+v.Message)
			}
		}
		return out
	}
	assert.Equal(t, []string{
		"/deck/cards/0 missing properties: 'region'",
		"/deck/cards/1 missing properties: 'color'",
		"/deck/cards/2 missing properties: 'sea'",
	}, pointers(
		map[string]any{"token": "x", "kind": "region", "count": 1},
		map[string]any{"token": "y", "kind": "plane", "count": 1},
		map[string]any{"token": "z", "kind": "ship", "count": 1},
		map[string]any{"token": "car", "kind": "car", "count": 1},
		map[string]any{"token": "train", "kind": "train", "count": 1},
		// A ship of the ship routes names no sea.
		map[string]any{"token": "ship", "kind": "ship", "routes": true, "count": 1},
	))
}
