// Package starter writes a first edition from a borders file: it selects
// the features that become regions (by name, by property, by box or by a
// polygon they lie mostly inside), makes the features that touch the
// selection omitted land (so a border is never taken for a coast), gives
// each region a short unique id, and writes an edition.yaml that builds as
// it is, with a deck sized for the regions kept.
//
// Request holds what `tendays init` is asked and goes from it to the files
// init writes; the command is a thin layer over it that prints.
package starter

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/paulmach/orb"
	orbgeo "github.com/paulmach/orb/geo"
	"github.com/paulmach/orb/geojson"
	"github.com/paulmach/orb/planar"

	"github.com/tendays/tendays/derive/adjacency"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/geo"
	"github.com/tendays/tendays/internal/numfmt"
	"github.com/tendays/tendays/internal/yamledit"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/schema"
)

// Cond is one --where test: the feature's property equals the value (as
// text, case and accents aside).
type Cond struct {
	Property, Value string
}

// ParseCond reads PROPERTY=VALUE.
func ParseCond(s string) (Cond, error) {
	k, v, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(k) == "" {
		return Cond{}, fmt.Errorf("%q: want PROPERTY=VALUE", s)
	}
	return Cond{Property: strings.TrimSpace(k), Value: strings.TrimSpace(v)}, nil
}

// Selection says which features become regions. Every test given must
// hold; several --where on one property are alternatives (any may hold).
// With no test, every feature is kept.
type Selection struct {
	Only  []string // names or ids of features
	Where []Cond
	BBox  *orb.Bound         // the feature lies mostly inside
	Areas []orb.MultiPolygon // --within: the feature lies mostly inside one of them
	Touch adjacency.Options  // how touching features are found (rook by default)
}

// Empty says whether the selection keeps everything.
func (s Selection) Empty() bool {
	return len(s.Only) == 0 && len(s.Where) == 0 && s.BBox == nil && len(s.Areas) == 0
}

// Islands says that the selection is mostly islands: more than half the
// kept regions are isolated. Then init joins them by a sea and ferries;
// otherwise the few isolated ones are marked air-only.
func (r *Result) Islands() bool { return 2*len(r.Isolated) > len(r.Kept) }

// Result is what Select chose, as indexes into the features.
type Result struct {
	Kept []int
	// Touching are the features left out that touch a kept one: they stay
	// in the edition as omitted land.
	Touching []int
	// Isolated are the kept features that border no other kept one (by
	// the rook rule an edition starts with): islands, and land whose only
	// neighbours were left out. Only planes reach them.
	Isolated []int
	// Borders are the pairs of kept features that share a border.
	Borders [][2]int
	// CoastKm is each kept feature's coast in km: the boundary it shares
	// with no other feature of the file.
	CoastKm map[int]float64
}

// Select picks the features that become regions and the ones that touch
// them. A name in Only that matches no feature is an error that suggests
// the closest names. It runs in phases: the tests of the selection, each
// narrowing what is kept, then the borders among the features.
func Select(features []borders.Feature, sel Selection) (*Result, error) {
	keep := make([]bool, len(features))
	for i := range keep {
		keep[i] = true
	}
	if err := keepOnly(features, sel.Only, keep); err != nil {
		return nil, err
	}
	if err := keepWhere(features, sel.Where, keep); err != nil {
		return nil, err
	}
	if sel.BBox != nil {
		keepInside(features, orb.MultiPolygon{sel.BBox.ToPolygon()}, keep)
	}
	if len(sel.Areas) > 0 {
		var all orb.MultiPolygon
		for _, a := range sel.Areas {
			all = append(all, a...)
		}
		keepInside(features, all, keep)
	}
	res := &Result{}
	for i, k := range keep {
		if k {
			res.Kept = append(res.Kept, i)
		}
	}
	res.findBorders(features, keep, sel.Touch)
	return res, nil
}

// keepOnly keeps the features named (by id or name) in only.
func keepOnly(features []borders.Feature, only []string, keep []bool) error {
	if len(only) == 0 {
		return nil
	}
	byName := map[string]int{}
	var all []string
	for i, f := range features {
		for _, n := range []string{f.ID, f.Name} {
			if n != "" {
				if _, dup := byName[mapdata.Fold(n)]; !dup {
					byName[mapdata.Fold(n)] = i
					all = append(all, n)
				}
			}
		}
	}
	named := make([]bool, len(features))
	for _, n := range only {
		i, ok := byName[mapdata.Fold(strings.TrimSpace(n))]
		if !ok {
			return fmt.Errorf("--only %q names no feature%s", n, suggest(n, all))
		}
		named[i] = true
	}
	for i := range keep {
		keep[i] = keep[i] && named[i]
	}
	return nil
}

// keepWhere keeps the features whose property holds one of the values the
// conditions give it (several conditions on one property are alternatives).
func keepWhere(features []borders.Feature, where []Cond, keep []bool) error {
	byProp := map[string][]string{}
	var props []string
	for _, c := range where {
		if _, ok := byProp[c.Property]; !ok {
			props = append(props, c.Property)
		}
		byProp[c.Property] = append(byProp[c.Property], mapdata.Fold(c.Value))
	}
	for _, p := range props {
		seen := false
		for i, f := range features {
			v, has := f.Properties[p]
			seen = seen || has
			keep[i] = keep[i] && has && slices.Contains(byProp[p], mapdata.Fold(text(v)))
		}
		if !seen {
			return fmt.Errorf("--where %s=...: no feature has the property %q%s", p, p, suggest(p, borders.PropertyNames(features)))
		}
	}
	return nil
}

// keepInside keeps the features mostly inside area.
func keepInside(features []borders.Feature, area orb.MultiPolygon, keep []bool) {
	for i, f := range features {
		keep[i] = keep[i] && mostlyInside(f.Geometry, area)
	}
}

// findBorders finds, from the rook adjacency of every feature, the kept
// features' borders and coasts, the features left out that touch a kept
// one, and the kept ones that border no other.
func (res *Result) findBorders(features []borders.Feature, keep []bool, touch adjacency.Options) {
	touch.Coast = true
	// Only features near the kept ones can touch them: adjacency over those
	// alone (a country's provinces among the world's 4,500) gives the same
	// pairs and coasts in a fraction of the work.
	var box orb.Bound
	for n, i := range res.Kept {
		if n == 0 {
			box = features[i].Geometry.Bound()
		} else {
			box = box.Union(features[i].Geometry.Bound())
		}
	}
	pad := touch.ToleranceM/100000 + 1e-6 // degrees: a tolerance never spans more
	box = box.Pad(pad)
	var near []int
	for i, f := range features {
		if keep[i] || f.Geometry.Bound().Intersects(box) {
			near = append(near, i)
		}
	}
	geoms := make([]orb.MultiPolygon, len(near))
	for k, i := range near {
		geoms[k] = features[i].Geometry
	}
	adj := adjacency.Compute(geoms, touch)
	res.CoastKm = map[int]float64{}
	for k, i := range near {
		if keep[i] && k < len(adj.Coast) {
			res.CoastKm[i] = orbgeo.Length(adj.Coast[k]) / 1000
		}
	}
	touching := map[int]bool{}
	bordered := make([]bool, len(features))
	for _, p := range adj.Pairs {
		p.A, p.B = near[p.A], near[p.B]
		if keep[p.A] != keep[p.B] {
			touching[pick(keep[p.A], p.B, p.A)] = true
		} else if keep[p.A] {
			bordered[p.A], bordered[p.B] = true, true
			res.Borders = append(res.Borders, [2]int{p.A, p.B})
		}
	}
	for _, i := range res.Kept {
		if !bordered[i] && len(res.Kept) > 1 {
			res.Isolated = append(res.Isolated, i)
		}
	}
	for i := range features {
		if touching[i] {
			res.Touching = append(res.Touching, i)
		}
	}
}

func pick(first bool, a, b int) int {
	if first {
		return a
	}
	return b
}

// text is a property value as text.
func text(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

// suggest names up to three of all close to name.
func suggest(name string, all []string) string {
	type cand struct {
		s string
		d int
	}
	n := mapdata.Fold(name)
	var cs []cand
	for _, s := range all {
		f := mapdata.Fold(s)
		d := mapdata.EditDistance(n, f)
		if strings.Contains(f, n) || strings.Contains(n, f) {
			d = min(d, 2)
		}
		if d <= max(2, len(n)/2) {
			cs = append(cs, cand{s, d})
		}
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].s < cs[j].s
	})
	var out []string
	for _, c := range cs[:min(3, len(cs))] {
		out = append(out, strconv.Quote(c.s))
	}
	if len(out) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(out, ", ") + "?)"
}

// mostlyInside: more than half of the feature's area (sampled on a grid
// over its box, or its vertices for a sliver the grid misses) lies in area.
func mostlyInside(f, area orb.MultiPolygon) bool {
	fb, ab := f.Bound(), area.Bound()
	if !fb.Intersects(ab) {
		return false
	}
	const n = 24
	in, total := 0, 0
	dx, dy := (fb.Max[0]-fb.Min[0])/n, (fb.Max[1]-fb.Min[1])/n
	for i := range n {
		for j := range n {
			p := orb.Point{fb.Min[0] + (float64(i)+0.5)*dx, fb.Min[1] + (float64(j)+0.5)*dy}
			if !planar.MultiPolygonContains(f, p) {
				continue
			}
			// Weigh by the cell's true area, which shrinks towards the poles.
			w := int(math.Round(100 * math.Cos(p[1]*math.Pi/180)))
			total += w
			if planar.MultiPolygonContains(area, p) {
				in += w
			}
		}
	}
	if total < 800 { // fewer than ~8 cells: count vertices instead
		in, total = 0, 0
		for _, poly := range f {
			for _, p := range poly[0] {
				total++
				if planar.MultiPolygonContains(area, p) {
					in++
				}
			}
		}
	}
	return total > 0 && 2*in > total
}

// Subset is the features kept and touching, as GeoJSON, in file order, with
// their properties: the borders file the new edition reads.
func Subset(features []borders.Feature, res *Result) ([]byte, error) {
	idx := append(slices.Clone(res.Kept), res.Touching...)
	sort.Ints(idx)
	fc := geojson.NewFeatureCollection()
	for _, i := range idx {
		f := features[i]
		mp := geo.Wind(f.Geometry, geo.RFC7946).(orb.MultiPolygon) // as GeoJSON wants (TopoJSON is the other way round)
		g := geojson.NewFeature(mp)
		if len(mp) == 1 {
			g = geojson.NewFeature(mp[0])
		}
		g.Properties = geojson.Properties{}
		for k, v := range f.Properties {
			g.Properties[k] = v
		}
		fc.Append(g)
	}
	data, err := fc.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("write the borders subset: %w", err)
	}
	return append(data, '\n'), nil
}

// codeProperties are the properties that may hold short codes, in the
// order they are tried for ids: ISO 3166-2 (states and provinces: Natural
// Earth's, GADM's ISO_1, geoBoundaries' shapeISO), ISO 3166-1, postal,
// HASC, NUTS, then longer codes.
var codeProperties = []string{"iso_3166_2", "ISO_3166_2", "ISO_1", "shapeISO", "ISO", "iso", "iso_a2", "ISO_A2", "postal", "POSTAL", "stusps", "STUSPS",
	"hasc", "HASC", "code_hasc", "HASC_1", "NUTS_ID", "iso_a3", "ISO_A3", "code", "CODE", "abbrev"}

// MaxIDLength is the longest id taken from a property: longer values are
// names, not codes.
const MaxIDLength = 6

var (
	idWord   = regexp.MustCompile(`[\p{L}\p{N}]+`)
	idUnsafe = regexp.MustCompile(`[\s:,]+`)
)

// IDChoice is the ids ChooseIDs gave, and where they came from.
type IDChoice struct {
	// IDs maps each kept feature's id (its data name) to its short id.
	IDs map[string]string
	// Property is the property the ids came from ("" when every id was
	// derived from a name).
	Property string
	// Suffix says the ids are the part of the values after the country's
	// code (QC of CA-QC, of CA.QC).
	Suffix bool
	// FromNames counts the features whose id was derived from the name
	// (they lacked the property, or no property served).
	FromNames int
}

// Describe says in one line where the ids came from, for the edition's
// comment.
func (c IDChoice) Describe() string {
	switch {
	case c.Property == "":
		return "derived from the names (no property holds short codes unique across the regions)"
	case c.Suffix && c.FromNames > 0:
		return fmt.Sprintf("the property %s without its country prefix (CA-QC → QC); %d derived from the names", c.Property, c.FromNames)
	case c.Suffix:
		return fmt.Sprintf("the property %s without its country prefix (CA-QC → QC)", c.Property)
	case c.FromNames > 0:
		return fmt.Sprintf("the property %s; %d derived from the names", c.Property, c.FromNames)
	}
	return "the property " + c.Property
}

// IDs is ChooseIDs's ids alone.
func IDs(features []borders.Feature, kept []int, idProperty string) map[string]string {
	return ChooseIDs(features, kept, idProperty).IDs
}

// countryPrefix is the country code that ISO 3166-2 and HASC codes start
// with: CA- or CA.
var countryPrefix = regexp.MustCompile(`^[A-Za-z]{2}[-.]`)

// ChooseIDs gives each kept feature a short unique id. With idProperty, its
// values; else those of the one of codeProperties whose values, across the
// kept features that hold one, are codes (at most MaxIDLength characters,
// no placeholder such as -99) that never repeat, held by the most features
// (the first in the list on a tie). A property whose values repeat is never
// taken (iso_a2 of states and provinces is their country's code). A code
// prefixed with the country (CA-QC, CA.QC) loses the prefix when the rest
// is still unique (not when idProperty names the property). Features the property misses get ids derived from their
// names (initials, or the first letters), never taking a code.
func ChooseIDs(features []borders.Feature, kept []int, idProperty string) IDChoice {
	props := codeProperties
	if idProperty != "" {
		props = []string{idProperty}
	}
	choice := IDChoice{}
	codes := map[int]string{}
	for _, p := range props {
		vals, suffix, ok := codeValues(features, kept, p, idProperty != "")
		// The property most features hold wins; the list's order breaks ties.
		if ok && len(vals) > len(codes) {
			choice.Property, choice.Suffix, codes = p, suffix, vals
		}
	}
	out := map[string]string{}
	used := map[string]bool{}
	// A card names a region by id or by name, case and spacing aside: an
	// id may be no other region's name, and no card token's word.
	names := map[string]int{}
	for _, i := range kept {
		names[mapdata.Fold(features[i].ID)] = i
		if l, ok := features[i].Properties["label"].(string); ok && l != "" {
			if _, taken := names[mapdata.Fold(l)]; !taken {
				names[mapdata.Fold(l)] = i
			}
		}
	}
	take := func(i int, id string) bool {
		id = cleanID(id)
		fold := mapdata.Fold(id)
		if j, named := names[fold]; id == "" || used[fold] || reservedToken(id) || mapdata.CheckID(id) != nil || (named && j != i) {
			return false
		}
		used[fold] = true
		out[features[i].ID] = id
		return true
	}
	// First the ids from the property, so a derived id never takes a code.
	var rest []int
	for _, i := range kept {
		if c, ok := codes[i]; !ok || !take(i, c) {
			rest = append(rest, i)
		}
	}
	choice.FromNames = len(rest)
	for _, i := range rest {
		name := features[i].ID
		words := idWord.FindAllString(name, -1)
		var cands []string
		if len(words) > 1 {
			var ini []rune
			for _, w := range words {
				ini = append(ini, []rune(w)[0])
			}
			cands = append(cands, strings.ToUpper(string(ini)))
		}
		if len(words) > 0 {
			r := []rune(strings.Join(words, ""))
			cands = append(cands, strings.ToUpper(string(r[:min(3, len(r))])), strings.ToUpper(string(r[:min(4, len(r))])))
		}
		ok := false
		for _, c := range cands {
			if take(i, c) {
				ok = true
				break
			}
		}
		base := "R"
		if len(cands) > 0 {
			base = cands[len(cands)-1]
		}
		for k := 2; !ok; k++ {
			ok = take(i, base+strconv.Itoa(k))
		}
	}
	choice.IDs = out
	return choice
}

// cleanID is a value as an id: runs of spaces, colons and commas (which
// card tokens and lists use as separators) made dashes, dashes trimmed.
func cleanID(v string) string {
	return strings.Trim(idUnsafe.ReplaceAllString(v, "-"), "-")
}

// cardWords are the words card tokens begin with (mapdata's token parsing):
// a region with such an id would never be named by it.
var cardWords = []string{"car", "automobile", "auto", "plane", "airplane", "air", "ship", "boat", "train", "railroad", "rail"}

// reservedToken says an id is a card token's word (CAR, the Central African
// Republic's ISO code, is the car card's).
func reservedToken(id string) bool { return slices.Contains(cardWords, mapdata.Fold(id)) }

// codeValues are the kept features' values of property p as ids, by
// feature index: ok is false when two repeat (as ids: case, spacing and
// separators aside), when one is a value no id may be (a control
// character, a colon: the schema refuses it) or (unless the property was
// named, explicit) one is longer than MaxIDLength. suffix says the country
// prefix was cut, which it is unless the property was named.
func codeValues(features []borders.Feature, kept []int, p string, explicit bool) (vals map[int]string, suffix, ok bool) {
	vals = map[int]string{}
	seen := map[string]bool{}
	for _, i := range kept {
		v := strings.TrimSpace(text(features[i].Properties[p]))
		if v == "" || v == "-99" || v == "-1" || strings.HasSuffix(v, "~") {
			continue // Natural Earth's placeholders
		}
		id := cleanID(v)
		if seen[mapdata.Fold(id)] || mapdata.CheckID(v) != nil || id == "" {
			return nil, false, false
		}
		seen[mapdata.Fold(id)] = true
		vals[i] = v
	}
	short := map[int]string{}
	seen = map[string]bool{}
	suffix = len(vals) > 0 && !explicit
	for _, i := range kept {
		if !suffix {
			break
		}
		v, held := vals[i]
		if !held {
			continue
		}
		loc := countryPrefix.FindStringIndex(v)
		if loc == nil || cleanID(v[loc[1]:]) == "" || seen[mapdata.Fold(cleanID(v[loc[1]:]))] {
			suffix = false
			break
		}
		seen[mapdata.Fold(cleanID(v[loc[1]:]))] = true
		short[i] = v[loc[1]:]
	}
	if suffix {
		vals = short
	}
	if !explicit {
		for _, v := range vals {
			if utf8.RuneCountInString(v) > MaxIDLength {
				return nil, false, false
			}
		}
	}
	return vals, suffix, true
}

// BorderNames are the pairs of kept features that share a border, by data
// name (Spec.Borders).
func BorderNames(features []borders.Feature, res *Result) [][2]string {
	out := make([][2]string, 0, len(res.Borders))
	for _, p := range res.Borders {
		out = append(out, [2]string{features[p[0]].ID, features[p[1]].ID})
	}
	return out
}

// Spec is the edition to write.
type Spec struct {
	ID, Name    string
	Folder      string // for the comment on how to build it
	BordersFile string // the file name in the folder
	Object      string // TopoJSON object, when the file is TopoJSON
	// NameProperty is the property naming a region (borders.id); "" leaves
	// the reader's default. NameWhy says why init chose it ("" when asked).
	NameProperty, NameWhy string
	// DissolveBy is borders.dissolve_by ("": pieces are joined by name).
	DissolveBy string
	Source     string            // where the borders came from, for the comment
	Regions    []string          // the kept features' data names
	Omit       []string          // features kept as land
	AirOnly    []string          // regions that border no other region, marked air-only
	IDs        map[string]string // data name -> short id (only those that differ)
	Names      map[string]string // data name -> board name (only those that differ)
	// Translations are the regions' names in other languages: data name
	// -> language code -> name (Translations).
	Translations map[string]map[string]string
	// Borders are the pairs of regions (data names) that share a border,
	// for sizing the deck (Size).
	Borders [][2]string
	// IDSource says where the ids came from (IDChoice.Describe), for the
	// comment.
	IDSource string
	// IDProperty is the property the ids came from, for the comment on
	// how to change it.
	IDProperty string
	// Sea joins the regions of a selection of islands (nil: none).
	Sea *Sea
	// Ferries join the groups of a selection of islands (IslandFerries).
	Ferries []Ferry
	// Insets are the boxes beside the main map for far regions (Insets).
	Insets    []Inset
	Selection string // how the regions were selected, for the comment
	// Rules is the box whose rules block init writes (--rules), or nil.
	Rules *RulesPreset
}

// Sea is a sea init writes when most regions border no other (islands):
// every island and every region with a coast on it, so that ship cards
// sail between any two.
type Sea struct {
	ID, Name string
	Regions  []string // data names
}

// SeaFor is the sea of a selection of islands: the isolated regions and
// every other kept region with at least MinCoastKm of coast; nil when
// fewer than half the regions are isolated (those few are marked air-only).
func SeaFor(features []borders.Feature, res *Result, editionName string) *Sea {
	if !res.Islands() {
		return nil
	}
	s := &Sea{ID: "sea", Name: "The sea of " + strings.TrimPrefix(editionName, "10 Days in ")}
	for _, i := range res.Kept {
		if slices.Contains(res.Isolated, i) || res.CoastKm[i] >= MinCoastKm {
			s.Regions = append(s.Regions, features[i].ID)
		}
	}
	return s
}

// MinCoastKm is the coast a region needs to be on a sea init writes.
const MinCoastKm = 1

// Palette is the colours init starts with.
var Palette = []string{"blue", "green", "orange", "pink", "yellow"}

// Days of a new edition.
const Days = 10

// DrawPile is the cards a four-player deck keeps beyond the holders and the
// face-up cards: fewer, and games stall with every card held.
const DrawPile = 16

// PaletteFor is the palette of an edition of n regions: five colours, fewer
// when there are too few regions for each colour to hold two.
func PaletteFor(n int) []string {
	return Palette[:min(len(Palette), max(2, n/2))]
}

// Write writes edition.yaml for the spec. Every name is quoted as YAML
// needs, so the file reads back as written whatever the data's names.
func Write(s Spec) []byte {
	q := yamledit.Quote
	n := len(s.Regions)
	size := Size(s.Regions, s.AirOnly, s.Borders)
	if s.Sea != nil {
		size = size.WithShips(len(s.Sea.Regions))
	}
	// PaletteFor chooses which colours; Size how many (PaletteFor gives k
	// colours to an edition of 2k regions).
	palette := PaletteFor(2 * size.Colours)
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# yaml-language-server: $schema=%s\n", schema.ID(schema.Edition)) // completion and checks in editors
	w("# A starting edition written by `tendays init` from %s.\n", oneLine(s.Source))
	if s.Selection != "" {
		w("# Regions: %s.\n", oneLine(s.Selection))
	}
	w("# Edit freely, then run: tendays build %s   (and: tendays doctor %s)\n", oneLine(s.Folder), oneLine(s.Folder))
	w("# Every key of this file, with an example: docs/edition.md in the tendays repository.\n")
	w("id: %s\n", s.ID)
	w("name: %s\n", q(s.Name))
	w("days: %d\n\n", Days)
	if s.Rules != nil {
		w("%s", s.Rules.write(s))
		if r := s.Rules.colorlessRegion(s); r != "" && size.Copies[r] < 2 {
			size.RegionCards += 2 - size.Copies[r]
			size.Copies[r] = 2
		}
	}
	w("borders:\n  file: %s\n", q(s.BordersFile))
	if s.Object != "" {
		w("  object: %s\n", q(s.Object))
	}
	if s.NameProperty != "" {
		if s.NameWhy != "" {
			w("%s", wrapComment("The regions' names: "+oneLine(s.NameWhy)+". Another: tendays init again with --name PROPERTY (--list-properties shows them).", "  "))
		}
		w("  id: %s\n", q(s.NameProperty))
	}
	if s.DissolveBy != "" {
		w("  dissolve_by: %s     # features sharing this property's value are one region\n", q(s.DissolveBy))
	}
	w("\nadjacency:\n  rule: rook          # a shared border of positive length; queen: any shared point\n")
	w("  tolerance_m: 0      # raise it when borders were digitized separately\n\n")
	w("regions:\n")
	w("  # %d regions: %s\n", n, oneLine(strings.Join(s.Regions, ", ")))
	if s.IDSource != "" {
		w("  # ids: %s.\n", oneLine(s.IDSource))
		w("  # Other ids: tendays init again with --id PROPERTY, or edit them here.\n")
	}
	writeMap(&b, "ids", "short ids for the cards (a card names a region by id or by name)", s.IDs)
	writeMap(&b, "names", "the board's names for the data's", s.Names)
	if len(s.Translations) > 0 {
		w("  translations:   # each region's name in other languages: export --lang de (or ja, ar...) prints them\n")
		for _, k := range slices.Sorted(maps.Keys(s.Translations)) {
			var m yamledit.Map
			for _, lang := range slices.Sorted(maps.Keys(s.Translations[k])) {
				m = append(m, yamledit.KV{Key: lang, Value: s.Translations[k][lang]})
			}
			w("    %s: %s\n", q(k), yamledit.Value(m))
		}
	}
	if len(s.Omit) == 0 {
		w("  omit: []\n")
	} else {
		w("  # Land that touches the regions but is no region: it keeps their borders from\n  # being taken for coast. Move a name out of this list to make it a region.\n  omit:\n")
		for _, o := range s.Omit {
			w("    - %s\n", q(o))
		}
	}
	w("  # merge: {Kept: [Merged]}\n\n")
	if len(s.AirOnly) == 0 {
		w("# air_only: []               regions only planes reach\n\n")
	} else {
		w("# init marked these air-only: they border no other region, so only planes reach them.\n")
		w("# To reach one by ferry instead, delete it here and add under links.add:\n")
		w("#   - {a: %s, b: Nearest Region, kind: ferry, why: ...}\n", q(s.AirOnly[0]))
		w("air_only:\n")
		for _, r := range s.AirOnly {
			w("  - %s\n", q(r))
		}
		w("\n")
	}
	if len(s.Insets) > 0 {
		writeInsets(&b, s.Insets)
	}
	w("colors:\n  # %d colours for %d regions a plane serves by colour (air-only ones aside): about %d\n", len(palette), n-len(s.AirOnly), regionsPerColour)
	w("  # to a colour, as few as keep bordering regions apart with no colour held by one alone.\n")
	w("  palette: [%s]\n", strings.Join(palette, ", "))
	w("  # Colours not assigned here are chosen by the balancer at every build: neighbours\n")
	w("  # differ and classes are even. Assign one to pin it: assign: {Region: %s}\n", palette[0])
	w("  assign: {}\n")
	if size.RegionCards > n {
		w("\n%scopies:\n", wrapComment("Cards of each region: "+oneLine(size.Why)+".", ""))
		for _, r := range s.Regions {
			w("  %s: %d\n", q(r), size.Copies[r])
		}
		w("\n")
	} else {
		w("\n# copies: {Region: 2}          regions with two cards\n\n")
	}
	if len(s.Ferries) == 0 {
		w("links:\n  add: []     # - {a: Region, b: Other, kind: ferry, why: ...}\n  remove: []\n\n")
	} else {
		w("%s", wrapComment(fmt.Sprintf("Most regions are islands: with every step of a journey a transport card, no journey "+
			"could be made (it holds at most %d). These %d ferries join the islands and the groups of bordering regions, "+
			"the fewest and shortest that join them all, each between the nearest coasts.", Days/2-1, len(s.Ferries)), ""))
		w("links:\n  add:\n")
		for _, f := range s.Ferries {
			w("    - %s\n", yamledit.Value(yamledit.Map{{Key: "a", Value: f.A}, {Key: "b", Value: f.B}, {Key: "kind", Value: "ferry"},
				{Key: "why", Value: "tendays init: the nearest coasts, " + describeKm(f.Km) + " apart"}}))
		}
		w("  remove: []\n\n")
	}
	w("transports:\n  airplane: {per_color: %d}\n", size.PlanesPerColour)
	if s.Sea != nil {
		w("  ship: {%s: %d}\n", s.Sea.ID, size.Ships)
	}
	w("  automobile: {count: %d}     # init chose %d for %d region cards: 4 players x %d days + 3 face up + %d to draw\n",
		size.Cars, size.Cars, size.RegionCards, Days, DrawPile+1)
	if s.Sea != nil {
		w("\n%s", wrapComment(fmt.Sprintf("Most regions border no other: init joins them by a sea, every island and every region "+
			"with a coast, and %d ship cards sail between any two of them. Name it, or draw it as a polygon "+
			"(geometry: {file: seas.geojson, ...}) to let the coasts decide.", size.Ships), ""))
		w("seas:\n  %s:\n    name: %s\n    regions:\n", s.Sea.ID, q(s.Sea.Name))
		for _, r := range s.Sea.Regions {
			w("      - %s\n", q(r))
		}
	} else {
		w("\n# seas:\n#   north:\n#     name: North Sea\n#     geometry: {file: seas.geojson, match: [North Sea], tolerance_m: 20000}\n")
	}
	w("\n# expect:                      what the rulebook states the box holds\n#   region_cards: %d\n#   transport_cards: %d\n", size.RegionCards, size.PlanesPerColour*len(palette)+size.Cars+size.Ships)
	return []byte(b.String())
}

// writeInsets writes board.insets, with why each box is there.
func writeInsets(b *strings.Builder, boxes []Inset) {
	for _, in := range boxes {
		b.WriteString(wrapComment(fmt.Sprintf("%s lie far from the rest: drawn in place, they would leave %s of the main map's frame empty, "+
			"so the board draws them in a box of their own.", oneLine(strings.Join(in.Regions, ", ")), numfmt.PercentShort(in.Empty)), ""))
	}
	b.WriteString("board:\n  insets:\n")
	for _, in := range boxes {
		fmt.Fprintf(b, "    - regions: %s\n", yamledit.Value(in.Regions))
	}
	b.WriteString("\n")
}

func writeMap(b *strings.Builder, key, doc string, m map[string]string) {
	if len(m) == 0 {
		fmt.Fprintf(b, "  # %s: {Data Name: Value}   %s\n", key, doc)
		return
	}
	fmt.Fprintf(b, "  %s:       # %s\n", key, doc)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(b, "    %s: %s\n", yamledit.Quote(k), yamledit.Quote(m[k]))
	}
}

// wrapComment is text as "# " comment lines of at most 92 columns, each
// indented by indent.
func wrapComment(text, indent string) string {
	var b strings.Builder
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && utf8.RuneCountInString(indent+"# "+line+" "+word) > 92 {
			b.WriteString(indent + "# " + line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		b.WriteString(indent + "# " + line + "\n")
	}
	return b.String()
}

// oneLine keeps a comment on its line whatever the names hold.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029 || r == 0x85 {
			return ' '
		}
		return r
	}, s)
}

// EditionID makes an edition id (lower case, digits, dashes) from a name.
func EditionID(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(mapdata.Fold(s)) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	id := strings.Trim(b.String(), "-")
	if id == "" {
		return "my-edition"
	}
	return id
}

// Title makes "10 Days in South America" from "south-america".
func Title(id string) string {
	words := strings.Split(id, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return "10 Days in " + strings.Join(words, " ")
}

// Labels maps each kept feature's id to the value of its property prop
// where that differs from the id and no other kept feature has it: the
// board's names (regions.names) for data names made unique by a suffix
// (the bundled states and provinces' "Cork (City)" beside the label
// "Cork").
func Labels(features []borders.Feature, kept []int, prop string) map[string]string {
	count := map[string]int{}
	for _, i := range kept {
		if l, ok := features[i].Properties[prop].(string); ok && l != "" {
			count[mapdata.Fold(l)]++
		}
	}
	owner := map[string]int{}
	for _, i := range kept {
		owner[mapdata.Fold(features[i].ID)] = i
	}
	out := map[string]string{}
	for _, i := range kept {
		l, _ := features[i].Properties[prop].(string)
		if j, named := owner[mapdata.Fold(l)]; named && j != i {
			continue // another region's name
		}
		if l != "" && l != features[i].ID && count[mapdata.Fold(l)] == 1 && mapdata.CheckName(l) == nil {
			out[features[i].ID] = l
		}
	}
	return out
}

// nameProperty matches Natural Earth's properties of a name in one
// language: name_de, name_zh, name_pt, name_zht.
var nameProperty = regexp.MustCompile(`^name_([a-z]{2,3})$`)

// Translations are the kept features' names in other languages: their own
// name_xx properties (Natural Earth's), and for the bundled world borders
// the names of each country's ISO 3166-1 alpha-3 code in
// editions.WorldNames; a name the pack schema would refuse is left out.
func Translations(features []borders.Feature, kept []int, world bool) map[string]map[string]string {
	var byA3 map[string]map[string]string
	if world {
		byA3 = editions.WorldNames()
	}
	out := map[string]map[string]string{}
	for _, i := range kept {
		names := map[string]string{}
		if a3, ok := features[i].Properties["iso_a3"].(string); ok {
			for lang, n := range byA3[a3] {
				names[lang] = n
			}
		}
		for k, v := range features[i].Properties {
			m := nameProperty.FindStringSubmatch(k)
			if s, ok := v.(string); ok && m != nil && s != "" {
				names[m[1]] = s
			}
		}
		for lang, n := range names {
			if mapdata.CheckName(n) != nil {
				delete(names, lang)
			}
		}
		if len(names) > 0 {
			out[features[i].ID] = names
		}
	}
	return out
}

// Common is the value of the property prop that every kept feature holds
// alike, or "".
func Common(features []borders.Feature, kept []int, prop string) string {
	v := ""
	for k, i := range kept {
		s, _ := features[i].Properties[prop].(string)
		if s == "" || (k > 0 && s != v) {
			return ""
		}
		v = s
	}
	return v
}
