package starter

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/mapdata"
)

// PropertyInfo is what the features hold in one property, for choosing the
// names and for --list-properties.
type PropertyInfo struct {
	Name     string
	Held     int      // features holding a value (not null, not empty text)
	Texts    int      // of which text
	Distinct int      // distinct values (case and spacing aside)
	Examples []string // up to four values, in file order
	// Unsafe is a value the schemas refuse as a region's name (a control
	// character, a bidi override, more than 200 characters), or "".
	Unsafe string
	// Total is the number of features.
	Total int
}

// Properties summarizes every property the features have, sorted by name.
func Properties(features []borders.Feature) []PropertyInfo {
	by := map[string]*PropertyInfo{}
	seen := map[string]map[string]bool{}
	for _, f := range features {
		for k, v := range f.Properties {
			p := by[k]
			if p == nil {
				p = &PropertyInfo{Name: k, Total: len(features)}
				by[k], seen[k] = p, map[string]bool{}
			}
			t := text(v)
			if v == nil || strings.TrimSpace(t) == "" {
				continue
			}
			p.Held++
			if _, ok := v.(string); ok {
				p.Texts++
				if p.Unsafe == "" && mapdata.CheckName(t) != nil {
					p.Unsafe = t
				}
			}
			if fold := mapdata.Fold(t); !seen[k][fold] {
				seen[k][fold] = true
				p.Distinct++
				if len(p.Examples) < 4 {
					p.Examples = append(p.Examples, t)
				}
			}
		}
	}
	out := make([]PropertyInfo, 0, len(by))
	for _, p := range by {
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func propertyNames(ps []PropertyInfo) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// knownNames are the names' properties of the common schemas, best first:
// GeoJSON's habit, Natural Earth, GADM (NAME_1, NAME_2), India's ST_NM,
// France's nom, Eurostat's NUTS (NAME_LATN, NUTS_NAME), geoBoundaries'
// shapeName, OCHA's ADM1_EN, the US Census's NAME and NAMELSAD, Germany's
// GEN, Spanish and Portuguese nombre and nome.
var knownNames = []string{"name", "NAME", "Name", "name_en", "NAME_EN", "NAME_1", "name_1", "ST_NM", "st_nm", "nom", "NOM",
	"NAME_LATN", "NUTS_NAME", "shapeName", "ADM1_EN", "ADM2_EN", "NAME_2", "name_2", "NAMELSAD", "GEN", "nombre", "NOMBRE", "nome", "NOME",
	"admin", "ADMIN", "NAME_0", "COUNTRY", "label"}

// nameWords are parts of a property's name that say it holds names.
var nameWords = []string{"name", "nom", "nm", "naam", "navn", "nimi", "nazwa", "gen", "label"}

// NameChoice is the property ChooseNameProperty took, and why.
type NameChoice struct {
	Property string
	Why      string
}

// ChooseNameProperty takes the most name-like text property: one that
// every feature holds as text the schemas accept as a name, whose values
// are words rather than codes (letters, more than three characters on
// average; a property the common schemas name so needs not) and mostly
// distinct; among those, one whose every value the
// schemas accept as a name before one with a value they refuse, a name of the common schemas
// (knownNames) first, then a property whose name says "name", then the
// one with the most distinct values. ok is false when none qualifies.
func ChooseNameProperty(props []PropertyInfo) (NameChoice, bool) {
	type cand struct {
		p     PropertyInfo
		score int
	}
	var cands []cand
	for _, p := range props {
		known := slices.Index(knownNames, p.Name)
		if p.Total == 0 || p.Texts < p.Total || 2*p.Distinct < p.Total || (known < 0 && !wordy(p.Examples)) {
			continue
		}
		score := 0
		if i := known; i >= 0 {
			score = 1000 - i
		} else if lower := strings.ToLower(p.Name); slices.ContainsFunc(nameWords, func(w string) bool { return strings.Contains(lower, w) }) {
			score = 500
		}
		score = score*100000 + p.Distinct
		if p.Unsafe != "" {
			// Taken only when nothing else fits, for Choose to name the
			// feature whose name no region may have.
			score -= 1 << 40
		}
		cands = append(cands, cand{p, score})
	}
	if len(cands) == 0 {
		return NameChoice{}, false
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	best := cands[0].p
	why := fmt.Sprintf("the most name-like text property of the features (every feature holds it, %d distinct values, e.g. %s)",
		best.Distinct, strings.Join(quoted(best.Examples[:min(2, len(best.Examples))]), ", "))
	return NameChoice{Property: best.Name, Why: why}, true
}

// wordy says the values look like names: mostly letters, and not all of
// them short codes in capitals (CA, QC, AT1).
func wordy(examples []string) bool {
	if len(examples) == 0 {
		return false
	}
	letters, total, codes := 0, 0, 0
	for _, e := range examples {
		code := utf8.RuneCountInString(e) <= 3
		for _, r := range e {
			total++
			if unicode.IsLetter(r) {
				letters++
			}
			if r > unicode.MaxASCII || unicode.IsLower(r) {
				code = false
			}
		}
		if code {
			codes++
		}
	}
	return 2*letters > total && codes < len(examples)
}

func quoted(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strconv.Quote(shortName(v))
	}
	return out
}

// FormatProperties is the text --list-properties prints (and the error
// when no name fits): each property with what it holds and examples, and
// how to choose.
func FormatProperties(borders string, features int, props []PropertyInfo, chosen string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d features; their properties:\n", borders, features)
	width := 0
	for _, p := range props {
		width = max(width, utf8.RuneCountInString(p.Name))
	}
	for _, p := range props {
		kind := "text"
		if p.Texts == 0 {
			kind = "numbers"
		} else if p.Texts < p.Held {
			kind = "mixed"
		}
		note := ""
		switch {
		case p.Name == chosen:
			note = "   <- the names init takes"
		case p.Unsafe != "":
			note = "   (a value no region name may be: " + strconv.Quote(shortName(p.Unsafe)) + ")"
		}
		fmt.Fprintf(&b, "  %-*s  %s, %d of %d features, %d distinct: %s%s\n", width, p.Name, kind, p.Held, p.Total, p.Distinct,
			strings.Join(quoted(p.Examples), ", "), note)
	}
	b.WriteString("Choose the names with --name PROPERTY and the short ids with --id PROPERTY; features sharing a name are\n" +
		"pieces of one region and are joined (--dissolve-by PROPERTY groups them by another property).\n")
	return b.String()
}

// contextProperties say where a feature is, to tell apart two that share a
// name: the country first.
var contextProperties = []string{"country_name", "admin", "ADMIN", "NAME_0", "COUNTRY", "country", "iso_a2", "ISO_A2", "region", "continent"}

// DistinctNames gives the features among those listed whose names (ids)
// fold alike (case, spaces, dashes, dots aside) names of their own: the
// name and, in brackets, the first of contextProperties that tells them
// apart, else a number. It returns the features, copied where renamed
// (the name property of the copy's properties too, so that the borders
// written carry the new name), and how many were renamed.
func DistinctNames(features []borders.Feature, listed []int, nameProperty string) ([]borders.Feature, int) {
	byFold := map[string][]int{}
	for _, i := range listed {
		k := mapdata.Fold(features[i].ID)
		byFold[k] = append(byFold[k], i)
	}
	out := features
	renamed := 0
	used := map[string]bool{}
	for _, i := range listed {
		used[mapdata.Fold(features[i].ID)] = true
	}
	for _, i := range listed {
		group := byFold[mapdata.Fold(features[i].ID)]
		if len(group) < 2 || group[0] == i {
			continue
		}
		if renamed == 0 {
			out = slices.Clone(features)
		}
		f := out[i]
		name := ""
		for _, p := range contextProperties {
			if v, ok := f.Properties[p].(string); ok && v != "" && v != f.ID {
				if c := f.ID + " (" + v + ")"; !used[mapdata.Fold(c)] && mapdata.CheckName(c) == nil {
					name = c
					break
				}
			}
		}
		for n := 2; name == ""; n++ {
			if c := f.ID + " " + strconv.Itoa(n); !used[mapdata.Fold(c)] {
				name = c
			}
		}
		used[mapdata.Fold(name)] = true
		props := make(map[string]any, len(f.Properties)+1)
		for k, v := range f.Properties {
			props[k] = v
		}
		if nameProperty != "" && nameProperty != "$id" {
			props[nameProperty] = name
		}
		f.ID, f.Properties = name, props
		out[i] = f
		renamed++
	}
	return out, renamed
}
