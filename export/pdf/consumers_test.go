package pdf

// The PDF as poppler reads it (Debian's poppler-utils; .ci/run installs it
// with the Noto, Droid and Nanum fonts): every script in reading order and
// shaped, CJK and Devanagari in embedded subset fonts, and card pages whose
// trim box lies inside their bleed box.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export/text"
	"github.com/tendays/tendays/internal/testenv"
)

// scriptsPDF is testland with its first regions named in five scripts.
func scriptsPDF(t *testing.T, opt Options) string {
	t.Helper()
	p := testland(t)
	for i, n := range []string{"תל אביב", "القاهرة", "हिन्दी", "東京都", "서울"} {
		p.Regions[i].Name = n
	}
	data, err := Render(p, nil, opt)
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "scripts.pdf")
	require.NoError(t, os.WriteFile(file, data, 0o644))
	return file
}

var reWord = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>`)

type word struct {
	x0, y0, x1, y1 float64
	text           string
}

// words are pdftotext -bbox's words of page 2 (the first card sheet).
func words(t *testing.T, pdftotext, file string) []word {
	out, err := exec.Command(pdftotext, "-bbox", "-f", "2", "-l", "2", file, "-").Output()
	require.NoError(t, err)
	var ws []word
	for _, m := range reWord.FindAllStringSubmatch(string(out), -1) {
		f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
		ws = append(ws, word{f(m[1]), f(m[2]), f(m[3]), f(m[4]), m[5]})
	}
	return ws
}

func find(ws []word, s string) (word, bool) {
	for _, w := range ws {
		if w.text == s {
			return w, true
		}
	}
	return word{}, false
}

func TestScriptsReadBackInOrderAndShaped(t *testing.T) {
	t.Parallel()
	pdftotext := testenv.Tool(t, "pdftotext")
	pdffonts := testenv.Tool(t, "pdffonts")
	file := scriptsPDF(t, Options{})

	// Reading order: the text reads back as written (poppler marks the
	// right-to-left runs with U+202B ... U+202C).
	out, err := exec.Command(pdftotext, "-f", "2", "-l", "2", file, "-").Output()
	require.NoError(t, err)
	plain := strings.NewReplacer("\u202b", "", "\u202c", "", "\u202a", "").Replace(string(out))
	for _, s := range []string{"תל אביב", "القاهرة", "हिन्दी", "東京都", "서울"} {
		assert.Contains(t, plain, s)
	}
	// Drawn right to left: poppler gives each word's letters in drawing
	// order, so Hebrew words come reversed, the first one (תל) on the
	// right of the second.
	ws := words(t, pdftotext, file)
	first, ok1 := find(ws, "לת")
	second, ok2 := find(ws, "ביבא")
	require.True(t, ok1 && ok2, "the Hebrew words: %v", ws)
	assert.Greater(t, first.x0, second.x1, "תל is drawn right of אביב")

	// Shaped: the Arabic word is drawn with its joined forms, narrower
	// than its letters' isolated forms (which a left-to-right, unshaped
	// drawing shows). The measure is poppler's box, in the font's line
	// height; the isolated width is the font's own advances.
	arabic, ok := find(ws, "ةرهاقلا")
	require.True(t, ok, "the Arabic word, in drawing order: %v", ws)
	data, err := os.ReadFile(filepath.Join(text.DefaultDirs[0], "NotoSansArabic-Bold.ttf"))
	require.NoError(t, err)
	face, err := font.ParseTTF(bytes.NewReader(data))
	require.NoError(t, err)
	isolated := 0.0
	for _, r := range "القاهرة" {
		g, _ := face.NominalGlyph(r)
		isolated += float64(face.HorizontalAdvance(g))
	}
	ext, _ := face.FontHExtents()
	isolatedRatio := isolated / float64(ext.Ascender-ext.Descender)
	ratio := (arabic.x1 - arabic.x0) / (arabic.y1 - arabic.y0)
	assert.Less(t, ratio, 0.92*isolatedRatio, "joined: %.3f, isolated forms would be %.3f", ratio, isolatedRatio)

	// Japanese, Korean and Hindi come in embedded subsets of their fonts.
	fonts, err := exec.Command(pdffonts, file).Output()
	require.NoError(t, err)
	for _, name := range []string{"NotoSansDevanagari-Bold", "DroidSansFallbackFull", "NanumGothicBold", "NotoSansHebrew-Bold", "NotoSansArabic-Bold"} {
		line := regexp.MustCompile(`(?m)^[A-Z]{6}\+` + name + ` +CID TrueType +Identity-H +yes +yes +yes`).FindString(string(fonts))
		assert.NotEmpty(t, line, "%s embedded as a subset:\n%s", name, fonts)
	}
	fi, err := os.Stat(file)
	require.NoError(t, err)
	assert.Less(t, fi.Size(), int64(400<<10), "subsets keep the PDF small (Droid Sans Fallback alone is 4 MB)")
}

var reBox = regexp.MustCompile(`Page +(\d+) (MediaBox|BleedBox|TrimBox): +([-0-9.]+) +([-0-9.]+) +([-0-9.]+) +([-0-9.]+)`)

// Every card page has a trim box inside its bleed box inside its media box,
// the trim smaller than the bleed: on sheets of nine and one card a page.
func TestCardPagesCarryTrimInsideBleed(t *testing.T) {
	t.Parallel()
	pdfinfo := testenv.Tool(t, "pdfinfo")
	for _, paper := range []Paper{A4, OneCard} {
		p := testland(t)
		data, err := Render(p, nil, Options{Paper: paper})
		require.NoError(t, err)
		file := filepath.Join(t.TempDir(), paper.Name+".pdf")
		require.NoError(t, os.WriteFile(file, data, 0o644))
		out, err := exec.Command(pdfinfo, "-box", "-f", "1", "-l", "99", file).Output()
		require.NoError(t, err)
		boxes := map[string]map[string][4]float64{}
		for _, m := range reBox.FindAllStringSubmatch(string(out), -1) {
			if boxes[m[1]] == nil {
				boxes[m[1]] = map[string][4]float64{}
			}
			var b [4]float64
			for i := range b {
				b[i], _ = strconv.ParseFloat(m[3+i], 64)
			}
			boxes[m[1]][m[2]] = b
		}
		cards := 0
		for page, bs := range boxes {
			trim, bleed, media := bs["TrimBox"], bs["BleedBox"], bs["MediaBox"]
			if trim == media {
				continue // the summary page: no cut
			}
			cards++
			inside := func(a, b [4]float64) bool {
				return a[0] >= b[0]-0.01 && a[1] >= b[1]-0.01 && a[2] <= b[2]+0.01 && a[3] <= b[3]+0.01
			}
			assert.True(t, inside(trim, bleed) && trim != bleed, "%s page %s: trim %v inside bleed %v", paper.Name, page, trim, bleed)
			assert.True(t, inside(bleed, media), "%s page %s: bleed %v inside the page %v", paper.Name, page, bleed, media)
			// The bleed is 3 mm (8.5 pt) past the trim where the page has room.
			assert.InDelta(t, 8.5, trim[0]-bleed[0], 0.05, "%s page %s", paper.Name, page)
		}
		assert.Positive(t, cards, paper.Name)
		if paper == OneCard {
			cards, err := deckCards(p)
			require.NoError(t, err)
			assert.Equal(t, 2*len(cards), len(boxes), "a page a face and a page a back")
		}
	}
}
