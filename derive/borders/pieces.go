package borders

import (
	"fmt"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive/dissolve"
	"github.com/tendays/tendays/diag"
)

// maxListedPieces bounds the regions the dissolved finding names.
const maxListedPieces = 40

// dissolvePieces joins the features that share a key (the id, or the value
// of opts.DissolveBy) into the first of them: one multi-part geometry, the
// edges its pieces share dropped (derive/dissolve), the first piece's id,
// name and properties. It reports the joins once, as info, and ids that
// still repeat (groups by DissolveBy that share an id) as errors.
func dissolvePieces(features []Feature, parts []*Part, opts Options) []Feature {
	byFile := map[string]*decoder{}
	for _, p := range parts {
		byFile[p.d.file] = p.d
	}
	key := func(f *Feature) (string, bool) {
		if opts.DissolveBy == "" {
			return f.ID, true
		}
		v, ok := f.Properties[opts.DissolveBy]
		if !ok || v == nil {
			return "", false
		}
		k := strings.TrimSpace(propText(v))
		return k, k != ""
	}
	first := map[string]int{}
	var groups [][]int
	for i := range features {
		k, ok := key(&features[i])
		if !ok {
			groups = append(groups, []int{i})
			continue
		}
		if g, seen := first[k]; seen {
			groups[g] = append(groups[g], i)
			continue
		}
		first[k] = len(groups)
		groups = append(groups, []int{i})
	}
	out := make([]Feature, 0, len(groups))
	var joined []string
	pieces, firstJoined := 0, -1
	for _, g := range groups {
		f := features[g[0]]
		if len(g) > 1 {
			var mp orb.MultiPolygon
			for _, i := range g {
				mp = append(mp, features[i].Geometry...)
			}
			f.Geometry, _ = dissolve.Clean(mp)
			f.Pieces = len(g)
			pieces += len(g)
			if firstJoined < 0 {
				firstJoined = len(out)
			}
			joined = append(joined, fmt.Sprintf("%s (%d pieces)", f.ID, len(g)))
		}
		out = append(out, f)
	}
	if firstJoined >= 0 {
		f := out[firstJoined]
		listed := joined
		more := ""
		if len(listed) > maxListedPieces {
			more = fmt.Sprintf(", and %d more", len(listed)-maxListedPieces)
			listed = listed[:maxListedPieces]
		}
		by := "an id"
		if opts.DissolveBy != "" {
			by = fmt.Sprintf("a value of %q", opts.DissolveBy)
		}
		if d := byFile[f.File]; d != nil {
			d.report(RuleDissolved, diag.Info, f.Pointer, f.off,
				"%d features that share %s are pieces of %s, each joined into one region: %s%s",
				pieces, by, plural(len(joined), "region"), strings.Join(listed, ", "), more)
		}
	}
	if opts.DissolveBy != "" {
		seen := map[string]int{}
		for i, f := range out {
			if j, dup := seen[f.ID]; dup {
				if d := byFile[f.File]; d != nil {
					d.report(RuleDuplicateID, diag.Error, f.Pointer, f.off, "id %q is also the id of the feature at %s, whose %s differs",
						f.ID, out[j].Pointer, opts.DissolveBy)
				}
				continue
			}
			seen[f.ID] = i
		}
	}
	return out
}
