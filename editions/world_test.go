package editions_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
)

// worldFeature is the part of a world feature the tests read.
type worldFeature struct {
	ID         string            `json:"id"`
	Properties map[string]string `json:"properties"`
}

func worldFeatures(t *testing.T) []worldFeature {
	var topo struct {
		Objects map[string]struct {
			Geometries []worldFeature `json:"geometries"`
		} `json:"objects"`
	}
	require.NoError(t, json.Unmarshal(editions.World(), &topo))
	obj, ok := topo.Objects[editions.WorldObject]
	require.True(t, ok, "object %q", editions.WorldObject)
	return obj.Geometries
}

func TestWorldPropertiesJoined(t *testing.T) {
	features := worldFeatures(t)
	require.Len(t, features, 241)
	bySubregion := map[string][]string{}
	for _, f := range features {
		p := f.Properties
		for _, key := range []string{"name", "continent", "region", "subregion"} {
			assert.NotEmpty(t, p[key], "%s of %q", key, p["name"])
		}
		if f.ID != "" {
			assert.Equal(t, f.ID, p["iso_n3"], p["name"])
		}
		bySubregion[p["subregion"]] = append(bySubregion[p["subregion"]], p["name"])
	}
	// Facts a designer selects by: the twelve South American states are there
	// with their ISO codes, and the continent split of the Americas holds.
	southAmerica := strings.Join(bySubregion["South America"], ",")
	for _, name := range []string{"Argentina", "Bolivia", "Brazil", "Chile", "Colombia", "Ecuador",
		"Guyana", "Paraguay", "Peru", "Suriname", "Uruguay", "Venezuela"} {
		assert.Contains(t, southAmerica, name)
	}
	byName := map[string]map[string]string{}
	for _, f := range features {
		byName[f.Properties["name"]] = f.Properties
	}
	assert.Equal(t, "BR", byName["Brazil"]["iso_a2"])
	assert.Equal(t, "BRA", byName["Brazil"]["iso_a3"])
	assert.Equal(t, "South America", byName["Brazil"]["continent"])
	assert.Equal(t, "North America", byName["Mexico"]["continent"])
	assert.Equal(t, "Central America", byName["Panama"]["subregion"])
	assert.Equal(t, "Caribbean", byName["Cuba"]["subregion"])
	assert.Equal(t, "Africa", byName["Somaliland"]["continent"])
	assert.Equal(t, "Europe", byName["Kosovo"]["region"])
}

func TestWorldMatchesItsSources(t *testing.T) {
	// SOURCES.md states the file's hash; a file changed without redoing the
	// sources (or the other way round) fails here.
	sum := sha256.Sum256(editions.World())
	sources, err := os.ReadFile("world/SOURCES.md")
	require.NoError(t, err)
	assert.Contains(t, string(sources), hex.EncodeToString(sum[:]))
}

func TestWorldIsNotAnEdition(t *testing.T) {
	assert.NotContains(t, editions.Names(), editions.WorldName)
}
