package bot

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
)

// TestDistancesShareOnlyTheBoards: two distances of one board (made once,
// then cloned: newDistanceMaps) share what is of the board alone and
// nothing a distance writes (tables, costs, scratch, the kernels' row
// inputs), or two seats' games would write over each other. A field added
// to distance, its vector plan or its sparse rows must be listed below as
// shared, or be its own.
func TestDistancesShareOnlyTheBoards(t *testing.T) {
	b := AroundTheWorld(t)
	shared := map[bool][]string{
		true: {"b", "spare", "mapOf", "groups", "member", "kindGroups", "restKinds", "rest", "restRegions", "restStart", "restFrom",
			"restKind", "restPairs", "lanePairs", "place", "footSame", "footAcross", "laneMask", "perm", "gOff", "gMap"},
		false: {"b", "spare", "mapOf", "groups", "member", "kindGroups", "restKinds", "rest", "restRegions", "restStart", "restFrom",
			"restKind", "restPairs", "lanePairs", "place", "footSame", "footAcross", "laneMask", "perm", "gOff", "gMap",
			"one.footDst", "one.footSrc", "one.memberDst", "one.memberGroup", "one.memberPlace", "sp.footRev", "sp.restRev", "sp.restAt"},
	}
	if haveVector && useVector {
		var plan []string
		v := reflect.TypeFor[vectorPlan]()
		for i := range v.NumField() {
			switch f := v.Field(i); f.Name {
			case "d", "miss", "tcost", "restCost", "scratch", "missAt", "tcostAt", "tcostHop":
			case "rp", "tp":
				for j := range f.Type.NumField() {
					switch g := f.Type.Field(j); g.Name {
					case "row", "prev1", "prev2", "tops", "out", "miss", "tcost", "restCost", "scratch":
					default:
						if g.Type.Kind() == reflect.Pointer {
							plan = append(plan, "vec."+f.Name+"."+g.Name)
						}
					}
				}
			default:
				if f.Type.Kind() == reflect.Slice {
					plan = append(plan, "vec."+f.Name)
				}
			}
		}
		shared[true] = append(shared[true], append(plan, "lanePerm8")...)
	}
	for _, maps := range []bool{true, false} {
		t.Run(fmt.Sprintf("maps=%v", maps), func(t *testing.T) {
			one, two := newDistanceMaps(b, maps), newDistanceMaps(b, maps)
			rng := rand.New(rand.NewPCG(38, 7))
			h := make([]engine.CardID, b.Days())
			for i := range h {
				h[i] = engine.CardID(rng.IntN(b.NumCards()))
			}
			for _, d := range []*distance{one, two} {
				d.compute(h)
				d.costAt(3, h[5])
				d.fwd[0]++ // rows that differ, were they one
			}
			var got []string
			sharedFields(reflect.ValueOf(one).Elem(), reflect.ValueOf(two).Elem(), "", map[uintptr]bool{reflect.ValueOf(one).Pointer(): true}, &got)
			want := shared[maps]
			slices.Sort(got)
			slices.Sort(want)
			require.Equal(t, want, got)
		})
	}
}

// sharedFields lists in out the fields of a and b (values of one struct
// type) that point at the same memory, by their paths from prefix;
// pointers to structs of this package that differ are walked, once
// (seen).
func sharedFields(a, b reflect.Value, prefix string, seen map[uintptr]bool, out *[]string) {
	for i := range a.NumField() {
		name := prefix + a.Type().Field(i).Name
		fa, fb := a.Field(i), b.Field(i)
		switch fa.Kind() {
		case reflect.Slice:
			if fa.Len() > 0 && fb.Len() > 0 && fa.Pointer() == fb.Pointer() {
				*out = append(*out, name)
			}
		case reflect.Pointer:
			if fa.IsNil() || fb.IsNil() {
				continue
			}
			if fa.Pointer() == fb.Pointer() {
				*out = append(*out, name)
			} else if fa.Elem().Kind() == reflect.Struct && fa.Elem().Type().PkgPath() == a.Type().PkgPath() && !seen[fa.Pointer()] {
				seen[fa.Pointer()] = true
				sharedFields(fa.Elem(), fb.Elem(), name+".", seen, out)
			}
		case reflect.Struct:
			sharedFields(fa, fb, name+".", seen, out)
		}
	}
}
