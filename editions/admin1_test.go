package editions_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/editions"
)

func admin1Features(t *testing.T) []map[string]string {
	var topo struct {
		Objects map[string]struct {
			Geometries []struct {
				Properties map[string]string `json:"properties"`
			} `json:"geometries"`
		} `json:"objects"`
	}
	require.NoError(t, json.Unmarshal(editions.Admin1(), &topo))
	obj, ok := topo.Objects[editions.Admin1Object]
	require.True(t, ok, "object %q", editions.Admin1Object)
	var out []map[string]string
	for _, g := range obj.Geometries {
		out = append(out, g.Properties)
	}
	return out
}

func TestAdmin1Properties(t *testing.T) {
	features := admin1Features(t)
	require.Len(t, features, 4596)
	names := map[string]bool{}
	isoSub := regexp.MustCompile(`^[A-Z]{2}-[A-Z0-9]{1,3}$`)
	byCountry := map[string]map[string]map[string]string{}
	var mismatched []string // features whose country is not their code's prefix
	for _, p := range features {
		assert.False(t, names[p["name"]], "name %q repeats (a borders file's ids must not)", p["name"])
		names[p["name"]] = true
		assert.NotEmpty(t, p["label"], p["name"])
		if c := p["iso_3166_2"]; c != "" {
			assert.Regexp(t, isoSub, c, p["name"])
			if p["country"] != c[:2] {
				mismatched = append(mismatched, p["name"])
			}
		}
		if byCountry[p["country"]] == nil {
			byCountry[p["country"]] = map[string]map[string]string{}
		}
		byCountry[p["country"]][p["label"]] = p
	}
	// Natural Earth's iso_a2 and iso_3166_2 disagree for these four, as
	// SOURCES.md says.
	assert.ElementsMatch(t, []string{"Crimea", "Puerto Rico", "Sevastopol", "Sint Maarten"}, mismatched)
	// Canada: thirteen provinces and territories, with their codes, names
	// with accents and types.
	ca := byCountry["CA"]
	require.Len(t, ca, 13)
	assert.Equal(t, "CA-QC", ca["Québec"]["iso_3166_2"])
	assert.Equal(t, "QC", ca["Québec"]["postal"])
	assert.Equal(t, "Province", ca["Québec"]["type_en"])
	assert.Equal(t, "Territory", ca["Nunavut"]["type_en"])
	assert.Equal(t, "Canada", ca["Nunavut"]["country_name"])
	assert.Equal(t, "CAN", ca["Nunavut"]["country_a3"])
	assert.Len(t, byCountry["US"], 51) // fifty states and the District of Columbia
	assert.Equal(t, "BR-PA", byCountry["BR"]["Pará"]["iso_3166_2"])
	// A name repeated inside a country takes its type; across countries,
	// its country; label keeps Natural Earth's.
	assert.True(t, names["Cork (City)"] && names["Cork (County)"])
	assert.Equal(t, "Cork", byCountry["IE"]["Cork"]["label"])
}

func TestAdmin1ReadsClean(t *testing.T) {
	// The simplification must not leave a ring crossing itself or shrunk to
	// nothing: the reader would warn on every init.
	layer, findings, err := borders.Decode(editions.Admin1File, editions.Admin1(), borders.Options{IDProperty: "name"})
	require.NoError(t, err)
	for _, f := range findings {
		// Cutting Chukotka and Fiji's rings at ±180° is the reader's info,
		// not a fault of the file.
		assert.Equal(t, borders.RuleAntimeridian, f.Rule, f.String())
	}
	assert.Len(t, layer.Features, 4596)
}

func TestAdmin1MatchesItsSources(t *testing.T) {
	sum := sha256.Sum256(editions.Admin1())
	sources, err := os.ReadFile("admin1/SOURCES.md")
	require.NoError(t, err)
	assert.Contains(t, string(sources), hex.EncodeToString(sum[:]))
}

func TestBundledBorders(t *testing.T) {
	for _, name := range []string{"world", "admin1", "Admin1"} {
		b, ok := editions.BundledBorders(name)
		require.True(t, ok, name)
		assert.NotEmpty(t, b.Data)
		assert.NotEmpty(t, b.Object)
	}
	_, ok := editions.BundledBorders("usa")
	assert.False(t, ok)
	assert.NotContains(t, editions.Names(), editions.Admin1Name)
}
