package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/internal/testenv"
)

// A designer starts Western Europe from the world borders (init writes each
// country's names in other languages) and prints it in German: poppler
// reads "Deutschland" and "Frankreich" on the cards; printed in Japanese,
// the names come in an embedded subset of a CJK font.
func TestGermanPDFOfWesternEurope(t *testing.T) {
	t.Parallel()
	pdftotext := testenv.Tool(t, "pdftotext")
	pdffonts := testenv.Tool(t, "pdffonts")
	dir := t.TempDir()
	ed := filepath.Join(dir, "western-europe")
	runTendays(t, "init", ed, "--borders", "world", "--where", "subregion=Western Europe")
	runTendays(t, "build", ed, "-o", filepath.Join(ed, "we.pack.json"))
	de := filepath.Join(dir, "we-de.pdf")
	runTendays(t, "export", filepath.Join(ed, "we.pack.json"), "--format", "pdf", "--lang", "de", "-o", de)
	out, err := exec.Command(pdftotext, de, "-").Output()
	require.NoError(t, err)
	text := string(out)
	assert.Contains(t, text, "Deutschland")
	assert.Contains(t, text, "Frankreich")
	assert.NotContains(t, text, "Germany")

	ja := filepath.Join(dir, "we-ja.pdf")
	runTendays(t, "export", filepath.Join(ed, "we.pack.json"), "--format", "pdf", "--lang", "ja", "-o", ja)
	out, err = exec.Command(pdftotext, ja, "-").Output()
	require.NoError(t, err)
	assert.Contains(t, string(out), "ドイツ")
	fonts, err := exec.Command(pdffonts, ja).Output()
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(fonts), "+DroidSansFallbackFull"), "a subset tag: %s", fonts)
}

// A board with far islands and a sea given as a list (testdata/editions/
// portugal, the edition of docs/print-board-inset-sea.png): the Azores and
// Madeira each in an inset, the Atlantic drawn along its coasts, named on
// the board and in the legend.
func TestBoardWithInsetsAndAListedSea(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pack := filepath.Join(dir, "portugal.pack.json")
	runTendays(t, "build", filepath.Join("..", "..", "testdata", "editions", "portugal"), "-o", pack)
	svgFile := filepath.Join(dir, "portugal.svg")
	runTendays(t, "export", pack, "--format", "svg", "-o", svgFile)
	data, err := os.ReadFile(svgFile)
	require.NoError(t, err)
	svg := string(data)
	for _, want := range []string{`id="inset-20"`, `id="inset-30"`, `id="sea-band-atlantic"`, `>Atlantic Ocean</text>`, `Atlantic Ocean (ship cards: the coasts it serves)`} {
		assert.Contains(t, svg, want)
	}
	// The islands are not drawn on the main map: once each, in their box.
	assert.Equal(t, 1, strings.Count(svg, `id="region-20"`))
}
