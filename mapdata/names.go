package mapdata

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/tendays/tendays/diag"
)

// RuleNameFallback is the finding for a region with no name in the
// language asked for (--lang): it keeps its default name.
const RuleNameFallback = "names/fallback"

// TranslatedNames are the region's names in other languages, in the order
// of the languages' codes, each once.
func (r Region) TranslatedNames() []string {
	var out []string
	for _, lang := range slices.Sorted(maps.Keys(r.Names)) {
		if n := r.Names[lang]; n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// NameIn is the region's name in lang (a code such as "de" or "pt-BR":
// the exact code, else its language alone, "pt"), and whether it has
// one.
func (r Region) NameIn(lang string) (string, bool) {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if lang == "" {
		return r.Name, true
	}
	for k, v := range r.Names {
		if strings.ToLower(k) == lang && v != "" {
			return v, true
		}
	}
	if base, _, cut := strings.Cut(lang, "-"); cut {
		for k, v := range r.Names {
			if strings.ToLower(k) == base && v != "" {
				return v, true
			}
		}
	}
	return r.Name, false
}

// InLanguage is a copy of the pack whose regions are named in lang (see
// NameIn), each keeping its default name as an alias, so that a card
// token still finds it; and a warning (RuleNameFallback) for each region
// with no name in lang, which keeps its default. lang "" is the pack as
// it is.
func (p *Pack) InLanguage(lang string) (*Pack, []diag.Finding) {
	if strings.TrimSpace(lang) == "" {
		return p, nil
	}
	q := *p
	q.Regions = slices.Clone(p.Regions)
	var out []diag.Finding
	for i := range q.Regions {
		r := &q.Regions[i]
		name, ok := r.NameIn(lang)
		if !ok {
			out = append(out, diag.Finding{Rule: RuleNameFallback, Severity: diag.Warning,
				Message: fmt.Sprintf("region %s has no name in %q: it keeps %q", r.ID, lang, r.Name),
				Hint:    "add it under regions.translations in edition.yaml"})
			continue
		}
		if name != r.Name {
			r.Aliases = append(slices.Clone(r.Aliases), r.Name)
			r.Name = name
		}
	}
	return &q, out
}
