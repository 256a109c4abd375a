package main

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/internal/testenv"
)

// Every edition init writes from the bundled borders builds with no edit:
// its ids valid, none another region's name or a card's word. The fast
// cases are those that once failed (CAR, the Central African Republic's
// code, is the car card's word; Albacete's ALBA is Romania's Alba).
func TestInitBundledBuilds(t *testing.T) {
	for what, flags := range map[string][]string{
		"Africa (CAR)":             {"--borders", "world", "--where", "continent=Africa"},
		"Spain, Romania, Portugal": {"--borders", "admin1", "--where", "country=ES", "--where", "country=RO", "--where", "country=PT"},
	} {
		t.Run(what, func(t *testing.T) {
			b := initAndBuildWith(t, flags...)
			assert.NotEmpty(t, b.regions)
		})
	}
}

// TestInitEveryBundledCountryBuilds inits and builds every country of the
// bundled admin-1 borders (its states and provinces), every continent and
// subregion of the bundled world, the whole world, and the provinces of
// every continent's countries together.
func TestInitEveryBundledCountryBuilds(t *testing.T) {
	testenv.Long(t, "init and build of every bundled country, continent and union")
	world, _, err := borders.Decode(editions.WorldFile, editions.World(), borders.Options{IDProperty: "name"})
	require.NoError(t, err)
	admin1, _, err := borders.Decode(editions.Admin1File, editions.Admin1(), borders.Options{IDProperty: "name"})
	require.NoError(t, err)
	provinces := map[string]int{}
	for _, f := range admin1.Features {
		if c, ok := f.Properties["country"].(string); ok {
			provinces[c]++
		}
	}
	continents, subregions := map[string][]string{}, map[string]int{}
	for _, f := range world.Features {
		c, _ := f.Properties["continent"].(string)
		s, _ := f.Properties["subregion"].(string)
		a2, _ := f.Properties["iso_a2"].(string)
		subregions[s]++
		if provinces[a2] > 1 {
			continents[c] = append(continents[c], a2)
		}
	}
	cases := map[string][]string{"the world": {"--borders", "world"}}
	for c, countries := range continents {
		if len(countries) < 2 {
			continue
		}
		cases["world continent "+c] = []string{"--borders", "world", "--where", "continent=" + c}
		union := []string{"--borders", "admin1"}
		for _, a2 := range countries {
			union = append(union, "--where", "country="+a2)
		}
		cases["admin1 of "+c] = union
	}
	for s, n := range subregions {
		if n > 1 { // an edition needs two regions: Antarctica is one
			cases["world subregion "+s] = []string{"--borders", "world", "--where", "subregion=" + s}
		}
	}
	for c, n := range provinces {
		if n > 1 {
			cases["admin1 "+c] = []string{"--borders", "admin1", "--where", "country=" + c}
		}
	}
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Run(n, func(t *testing.T) {
			t.Parallel()
			initAndBuildWith(t, cases[n]...)
		})
	}
}
