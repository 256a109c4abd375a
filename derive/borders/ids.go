package borders

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// IDs are the features' ids, in file order.
func (l *Layer) IDs() []string {
	ids := make([]string, len(l.Features))
	for i, f := range l.Features {
		ids[i] = f.ID
	}
	return ids
}

// Geometries are the features' polygons, in file order.
func Geometries(features []Feature) []orb.MultiPolygon {
	geoms := make([]orb.MultiPolygon, len(features))
	for i, f := range features {
		geoms[i] = f.Geometry
	}
	return geoms
}

// PropertyNames are the property names any of features has, sorted.
func PropertyNames(features []Feature) []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range features {
		for k := range f.Properties {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// CheckIDProperty refuses an id property (Options.IDProperty, the --id of
// the commands) that no feature has: every id would be made up, which is a
// mistyped flag rather than a finding of a feature. The error names the
// properties the features do have, and the closest one.
func (l *Layer) CheckIDProperty(prop string) error {
	if prop == "" || len(l.Features) == 0 {
		return nil
	}
	for _, f := range l.Features {
		if _, ok := f.Properties[prop]; ok {
			return nil
		}
	}
	names := PropertyNames(l.Features)
	if len(names) == 0 {
		return diag.Errorf(diag.Position{File: l.File}, "no feature has the property %q given by --id (the features have no properties; leave --id out to use the feature ids)", prop)
	}
	hint := ""
	best, bestD := "", 1<<30
	for _, n := range names {
		if d := mapdata.EditDistance(strings.ToLower(prop), strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	if bestD <= max(2, len(prop)/2) {
		hint = fmt.Sprintf("; did you mean %q?", best)
	}
	shown := names
	if len(shown) > 10 {
		shown = append(shown[:10:10], "...")
	}
	return diag.Errorf(diag.Position{File: l.File}, "no feature has the property %q given by --id (the features have %s%s)", prop, strings.Join(shown, ", "), hint)
}

var nonWord = regexp.MustCompile(`\W+`)

// Disambiguate gives features that share an id distinct ones, id_name
// (world-atlas has Australia and the Ashmore and Cartier Islands both as
// "036"), else id_2, id_3, ..., so that every feature names one feature
// and what is derived from them stays usable. It returns findings with the
// duplicate-id errors turned into warnings that give the new ids.
func (l *Layer) Disambiguate(findings []diag.Finding) []diag.Finding {
	count := map[string]int{}
	for _, f := range l.Features {
		count[f.ID]++
	}
	used := map[string]bool{}
	for _, f := range l.Features {
		if count[f.ID] == 1 {
			used[f.ID] = true
		}
	}
	var renamed []string
	for i := range l.Features {
		f := &l.Features[i]
		if count[f.ID] < 2 {
			continue
		}
		id := f.ID + "_" + nonWord.ReplaceAllString(f.Name, "_")
		if f.Name == "" || used[id] {
			id = f.ID
			for n := 2; used[id]; n++ {
				id = f.ID + "_" + strconv.Itoa(n)
			}
		}
		used[id] = true
		renamed = append(renamed, id)
		f.ID = id
	}
	slices.Sort(renamed)
	out := findings[:0:0]
	for _, f := range findings {
		if f.Rule == RuleDuplicateID && f.Severity == diag.Error {
			f.Severity = diag.Warning
			f.Message += " (the output names them " + strings.Join(renamed, ", ") + ")"
		}
		out = append(out, f)
	}
	return out
}

// Projected tells whether findings say the data is not in
// longitude/latitude: a position outside [-180, 180] × [-90, 90].
func Projected(findings []diag.Finding) bool {
	for _, f := range findings {
		if f.Rule == RuleOutOfRange {
			return true
		}
	}
	return false
}
