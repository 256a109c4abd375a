package kinds

import (
	"testing"

	"github.com/tendays/tendays/mapdata"
)

// The table holds every kind of pack, each under its own name, with what
// every kind must do; a kind without journeys says why its games take no
// journey variants.
func TestTheTableHoldsEveryKind(t *testing.T) {
	if len(table) != len(mapdata.Kinds) {
		t.Errorf("the table has %d kinds, mapdata.Kinds %d", len(table), len(mapdata.Kinds))
	}
	for _, name := range mapdata.Kinds {
		k, ok := table[name]
		if !ok {
			t.Errorf("kind %s is not in the table", name)
			continue
		}
		if k.Name != name || k.Noun == "" || k.Simulate == nil || k.Play == nil || len(k.Bots) == 0 {
			t.Errorf("kind %s: %+v", name, k)
		}
		if k.Board == nil && k.NoVariants == "" {
			t.Errorf("kind %s has no journeys and does not say why the variants do not apply", name)
		}
	}
	if Of("no such kind") != table[mapdata.KindRegions] {
		t.Error("an unknown kind is not taken as regions")
	}
}

func TestParseSwap(t *testing.T) {
	for in, ok := range map[string]bool{"": true, "pack": true, "on": true, "off": true, "yes": false, "ON": false} {
		if _, err := ParseSwap(in); (err == nil) != ok {
			t.Errorf("ParseSwap(%q): %v", in, err)
		}
	}
}
