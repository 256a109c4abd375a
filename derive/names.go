package derive

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tendays/tendays/mapdata"
)

// resolver finds the region an edition means by a name: the data's name,
// the board's name or the short id, in any case.
type resolver struct {
	byName map[string]int // folded name -> region index
	names  []string       // for suggestions
}

func newResolver() *resolver { return &resolver{byName: map[string]int{}} }

func (r *resolver) add(name string, region int) {
	if name == "" {
		return
	}
	k := mapdata.Fold(name)
	if _, dup := r.byName[k]; !dup {
		r.byName[k] = region
		r.names = append(r.names, name)
	}
}

func (r *resolver) find(name string) (int, bool) {
	i, ok := r.byName[mapdata.Fold(name)]
	return i, ok
}

// suggest gives up to three known names close to name.
func (r *resolver) suggest(name string) string {
	type cand struct {
		s string
		d int
	}
	var cs []cand
	n := mapdata.Fold(name)
	for _, s := range r.names {
		f := mapdata.Fold(s)
		d := mapdata.EditDistance(n, f)
		if strings.Contains(f, n) || strings.Contains(n, f) {
			d = min(d, 2)
		}
		cs = append(cs, cand{s, d})
	}
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].s < cs[j].s
	})
	var out []string
	for _, c := range cs {
		if len(out) == 3 || c.d > max(2, len(n)/2) {
			break
		}
		out = append(out, fmt.Sprintf("%q", c.s))
	}
	if len(out) == 0 {
		return ""
	}
	return "did you mean " + strings.Join(out, ", ") + "?"
}

// defaultID makes an id from a data name: the name itself, without the
// characters card tokens reserve.
func defaultID(name string) string {
	id := strings.NewReplacer(":", "", ",", "").Replace(strings.TrimSpace(name))
	if id == "" {
		return "region"
	}
	return id
}
