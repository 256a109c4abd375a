package text

import (
	"encoding/binary"
	"testing"
)

// FuzzSubset: whatever a font file holds, cutting it gives a font or an
// error, never a panic, and a font that parses again.
func FuzzSubset(f *testing.F) {
	base, err := parseFace("DejaVuSans", "seed", DejaVuRegular)
	if err != nil {
		f.Fatal(err)
	}
	// A small seed: DejaVu cut to a few glyphs, some composite.
	sub, err := SubsetOf(base, []uint16{36, 37, 100, 180, 200})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(sub.Font, uint16(3))
	f.Add(sub.Font[:len(sub.Font)/2], uint16(1))
	f.Fuzz(func(t *testing.T, data []byte, glyphs uint16) {
		face, err := parseFace("fuzz", "fuzz", data)
		if err != nil {
			return
		}
		used := []uint16{glyphs, glyphs / 2, glyphs / 3}
		s, err := SubsetOf(face, used)
		if err != nil {
			return
		}
		if len(s.Font) < 12 || binary.BigEndian.Uint32(s.Font) != 0x00010000 {
			t.Fatalf("the subset is not a TrueType file")
		}
		if _, err := parseFace("again", "again", s.Font); err != nil {
			t.Fatalf("the subset does not parse: %v", err)
		}
	})
}
