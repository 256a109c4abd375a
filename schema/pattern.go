package schema

import (
	"regexp"
	"regexp/syntax"
	"sort"
	"unicode/utf8"
)

// matcherFor compiles a schema pattern to a test of strings. The patterns
// of the tendays schemas are anchored runs of character classes
// (^[^\p{Cc}...]*$, ^#[0-9a-fA-F]{6}$): those are matched a rune at a time
// against a table, which is what regexp would decide at a fraction of its
// cost (the id and name patterns are tested on every id and name of a
// pack). Any other pattern is matched by regexp. FuzzPatterns holds the two
// to one answer for every pattern of the schemas.
func matcherFor(pattern string) (func(string) bool, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, err
	}
	if m := runMatcher(pattern); m != nil {
		return m, nil
	}
	return re.MatchString, nil
}

// run is a character class repeated min to max times (max -1: no bound).
type run struct {
	class    runeClass
	min, max int
}

// runMatcher is the table matcher of a pattern that is ^, then runs of
// classes, then $, where every run of varying length is followed by one
// whose class shares no rune with it (so taking runes greedily is the only
// way to match), or nil for any other pattern.
func runMatcher(pattern string) func(string) bool {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	if re.Op != syntax.OpConcat || len(re.Sub) < 2 {
		return nil
	}
	subs := re.Sub
	if subs[0].Op != syntax.OpBeginText || subs[len(subs)-1].Op != syntax.OpEndText {
		return nil
	}
	var runs []run
	for _, s := range subs[1 : len(subs)-1] {
		if s.Flags&syntax.FoldCase != 0 {
			return nil
		}
		switch s.Op {
		case syntax.OpLiteral:
			for _, r := range s.Rune {
				runs = append(runs, run{class: runeClass{r, r}, min: 1, max: 1})
			}
		case syntax.OpCharClass:
			runs = append(runs, run{class: s.Rune, min: 1, max: 1})
		case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
			if len(s.Sub) != 1 || s.Sub[0].Op != syntax.OpCharClass || s.Flags&syntax.NonGreedy != 0 {
				return nil
			}
			r := run{class: s.Sub[0].Rune, min: s.Min, max: s.Max}
			switch s.Op {
			case syntax.OpStar:
				r.min, r.max = 0, -1
			case syntax.OpPlus:
				r.min, r.max = 1, -1
			case syntax.OpQuest:
				r.min, r.max = 0, 1
			}
			runs = append(runs, r)
		default:
			return nil
		}
	}
	for i, r := range runs {
		if r.min != r.max && i+1 < len(runs) && r.class.overlaps(runs[i+1].class) {
			return nil
		}
	}
	tables := make([]*classTable, len(runs))
	for i, r := range runs {
		tables[i] = newClassTable(r.class)
	}
	return func(s string) bool {
		at := 0
		for i, r := range runs {
			t := tables[i]
			n := 0
			for at < len(s) && (r.max < 0 || n < r.max) {
				c, size := rune(s[at]), 1
				if c >= utf8.RuneSelf {
					c, size = utf8.DecodeRuneInString(s[at:])
				}
				if !t.has(c) {
					break
				}
				at += size
				n++
			}
			if n < r.min {
				return false
			}
		}
		return at == len(s)
	}
}

// runeClass is regexp/syntax's class: sorted pairs of inclusive bounds.
type runeClass []rune

func (c runeClass) overlaps(d runeClass) bool {
	for i := 0; i+1 < len(c); i += 2 {
		for j := 0; j+1 < len(d); j += 2 {
			if c[i] <= d[j+1] && d[j] <= c[i+1] {
				return true
			}
		}
	}
	return false
}

// classTable answers membership: a table for ASCII, a binary search over
// the ranges for the rest.
type classTable struct {
	ascii [utf8.RuneSelf]bool
	pairs runeClass
}

func newClassTable(c runeClass) *classTable {
	t := &classTable{pairs: c}
	for r := range rune(utf8.RuneSelf) {
		t.ascii[r] = t.search(r)
	}
	return t
}

func (t *classTable) has(r rune) bool {
	if r < utf8.RuneSelf {
		return t.ascii[r]
	}
	return t.search(r)
}

func (t *classTable) search(r rune) bool {
	n := len(t.pairs) / 2
	i := sort.Search(n, func(i int) bool { return t.pairs[2*i+1] >= r })
	return i < n && t.pairs[2*i] <= r
}
