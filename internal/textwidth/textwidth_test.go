package textwidth

import (
	"strings"
	"testing"
)

func TestWidth(t *testing.T) {
	for s, want := range map[string]int{
		"Para":          4,
		"Pará":          4, // á precomposed
		"Para\u0301":    4, // a + combining acute: one column
		"Québec":        6,
		"東京都":           6, // wide
		"Île-de-France": 13,
		"🇨🇦":            2, // a flag is one cluster
	} {
		if got := Width(s); got != want {
			t.Errorf("Width(%q) = %d, want %d", s, got, want)
		}
	}
}

// The failure the issue saw: a table padded by bytes puts the column after
// Pará one short. Padded by width, every row's next column starts at the
// same terminal column, whatever the names hold.
func TestTableAlignsByWidth(t *testing.T) {
	tb := Table{Indent: "  ", Gap: "  ", Align: []Align{Left, Right}}
	for _, name := range []string{"Para", "Pará", "Para\u0301", "東京都", "Québec"} {
		tb.Row(name, "12.5%")
	}
	var b strings.Builder
	if _, err := tb.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	for _, l := range lines {
		cut := strings.LastIndex(l, "  ")
		if got := Width(l[:cut]); got != 2+6 {
			t.Errorf("%q: the second column starts at %d, want 8", l, got)
		}
		if strings.HasSuffix(l, " ") {
			t.Errorf("%q ends in a space", l)
		}
	}
	if PadRight("東京", 3) != "東京" || PadLeft("a", 3) != "  a" {
		t.Error("pad")
	}
}
