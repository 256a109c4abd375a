package mapdata

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readMini(t *testing.T) (*Pack, []byte) {
	t.Helper()
	src, err := os.ReadFile("../testdata/packs/mini.pack.json")
	require.NoError(t, err)
	doc, err := DecodePack("mini.pack.json", src)
	require.NoError(t, err)
	return doc.Pack, src
}

func TestPackRoundTripIsByteIdentical(t *testing.T) {
	p, src := readMini(t)
	var buf bytes.Buffer
	require.NoError(t, EncodePack(&buf, p))
	assert.Equal(t, string(src), buf.String())
}

func TestCanonicalizeSortsEverything(t *testing.T) {
	p, want := readMini(t)
	// Shuffle what canonical order fixes, and flip a link.
	p.Regions[0], p.Regions[3] = p.Regions[3], p.Regions[0]
	p.Links[0].A, p.Links[0].B = p.Links[0].B, p.Links[0].A
	p.Links[1], p.Links[5] = p.Links[5], p.Links[1]
	p.Deck.Cards[0], p.Deck.Cards[len(p.Deck.Cards)-1] = p.Deck.Cards[len(p.Deck.Cards)-1], p.Deck.Cards[0]
	p.Colors[0], p.Colors[2] = p.Colors[2], p.Colors[0]
	p.Deck.Totals = DeckTotals{}
	var buf bytes.Buffer
	require.NoError(t, EncodePack(&buf, p))
	assert.Equal(t, string(want), buf.String())
}

func TestWritePackIsAtomic(t *testing.T) {
	p, src := readMini(t)
	path := filepath.Join(t.TempDir(), "mini.pack.json")
	require.NoError(t, WritePack(path, p))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, src, got)
}

func TestTokens(t *testing.T) {
	p, _ := readMini(t)
	ix := NewTokenIndex(p)
	tests := []struct{ token, want string }{
		{"MID", "MID"}, {"mid", "MID"}, {"Midshire", "MID"}, {"isle of gulls", "ISL"}, {"Isle-of-Gulls", "ISL"},
		{"plane:red", "plane:red"}, {"airplane:Red", "plane:red"}, {"car", "car"}, {"Automobile", "car"},
		{"ship:gulf", "ship:gulf"}, {"ship:Gull Gulf", "ship:gulf"},
	}
	for _, tt := range tests {
		i, err := ix.Lookup(tt.token)
		require.NoError(t, err, tt.token)
		assert.Equal(t, tt.want, p.Deck.Cards[i].Token, tt.token)
	}
}

func TestUnknownTokensNameTheNearest(t *testing.T) {
	p, _ := readMini(t)
	ix := NewTokenIndex(p)
	tests := []struct{ token, want string }{
		{"Midshir", `unknown card "Midshir" (did you mean "Midshire"`},
		{"plane:violet", `unknown card "plane:violet": no colour "violet"`},
		{"plane:white", `unknown card "plane:white": the deck has no such card`},
		{"ship:gluf", `did you mean "ship:gulf"?`},
		{"train", `the deck has no such card`},
		{"car:fast", `a car card takes no argument`},
		{"", `empty card`},
	}
	for _, tt := range tests {
		_, err := ix.Lookup(tt.token)
		require.Error(t, err, tt.token)
		assert.Contains(t, err.Error(), tt.want, tt.token)
	}
	// Only cards the deck holds are suggested: white is a colour of the
	// pack (an air-only region's) with no plane, so plane:whit suggests
	// the planes there are.
	_, err := ix.Lookup("plane:whit")
	require.Error(t, err)
	var ue *UnknownCardError
	require.ErrorAs(t, err, &ue)
	for _, n := range ue.Nearest {
		_, err := ix.Lookup(n)
		assert.NoError(t, err, "suggested %s, which the deck lacks", n)
	}
	assert.NotContains(t, ue.Nearest, "plane:white")
}

func TestDecodeEditionReportsPlaces(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"type", "id: x\nname: X\ndays: ten\n", "edition.yaml:3:1: /days: want int, found string"},
		{"unknown key", "id: x\nname: X\ndays: 10\nborders:\n  fiel: a.json\n", `edition.yaml:5:3: unknown key "fiel"`},
		{"not a mapping", "- a\n- b\n", "edition.yaml:1:1: an edition must be a YAML mapping"},
		{"empty", "", "edition.yaml:1:1: the edition file is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeEdition("edition.yaml", []byte(tt.src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestReadFileRefusesFoldersAndBigFiles(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadFile(dir, 0)
	assert.ErrorContains(t, err, "is a folder, not a file")
	path := filepath.Join(dir, "big.json")
	require.NoError(t, os.WriteFile(path, make([]byte, 100), 0o644))
	_, err = ReadFile(path, 99)
	assert.ErrorContains(t, err, "over the limit of 99")
	_, err = ReadFile(filepath.Join(dir, "none.json"), 0)
	assert.ErrorContains(t, err, "none.json: no such file or directory")
}
