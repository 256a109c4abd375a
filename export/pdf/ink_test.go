package pdf

import (
	"bytes"
	"compress/zlib"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/scene"
)

// inked is a text a page draws and the fill it is drawn in, as a PDF
// reader sees it: the colour the graphics state holds at its Tj, after
// every q and Q before it.
type inked struct {
	page int // 1-based, in the file's order of content streams
	text string
	fill string // "#rrggbb"
	// clipped: drawn inside a clip (the board's picture on a tile page),
	// not in the page's margin.
	clipped bool
}

var streamRe = regexp.MustCompile(`(?s)/Filter /FlateDecode[^>]*>>\s*stream\r?\n`)

// inkedTexts reads the pages' content streams of a PDF that fpdf wrote
// (each page one FlateDecode stream, text as UTF-16 strings) and returns
// the texts drawn with Tj, each with its fill. Shaped text (TJ with glyph
// ids) is not read.
func inkedTexts(t *testing.T, pdf []byte) []inked {
	t.Helper()
	var out []inked
	page := 0
	for _, loc := range streamRe.FindAllIndex(pdf, -1) {
		r, err := zlib.NewReader(bytes.NewReader(pdf[loc[1]:]))
		if err != nil {
			continue
		}
		data, err := io.ReadAll(r)
		if err != nil && len(data) == 0 {
			continue
		}
		if !bytes.HasPrefix(data, []byte("0 J\n")) {
			continue // a font or an image: fpdf begins each page with its line cap
		}
		page++
		type gstate struct {
			fill    string
			clipped bool
		}
		st := gstate{fill: "#000000"}
		var stack []gstate
		var args []token
		for _, tok := range tokens(data) {
			switch {
			case tok.op == "q":
				stack = append(stack, st)
			case tok.op == "Q":
				if n := len(stack); n > 0 {
					st, stack = stack[n-1], stack[:n-1]
				}
			case tok.op == "W":
				st.clipped = true
			case tok.op == "rg" && len(args) >= 3:
				n := len(args)
				st.fill = hexOf(t, args[n-3].op, args[n-2].op, args[n-1].op)
			case tok.op == "g" && len(args) >= 1:
				v := args[len(args)-1].op
				st.fill = hexOf(t, v, v, v)
			case tok.op == "Tj" && len(args) >= 1 && args[len(args)-1].str != nil:
				raw := args[len(args)-1].str
				u := make([]uint16, len(raw)/2)
				for i := range u {
					u[i] = uint16(raw[2*i])<<8 | uint16(raw[2*i+1])
				}
				out = append(out, inked{page: page, text: string(utf16.Decode(u)), fill: st.fill, clipped: st.clipped})
			}
			if tok.operand() {
				args = append(args, tok)
			} else {
				args = args[:0]
			}
		}
	}
	return out
}

// token is one token of a content stream: a string (literal or hex,
// decoded) or a word (an operator, a number, a name, a bracket).
type token struct {
	op  string
	str []byte
}

func (t token) operand() bool {
	if t.str != nil {
		return true
	}
	c := t.op[0]
	return c == '/' || c == '-' || c == '.' || c == '[' || c == ']' || (c >= '0' && c <= '9')
}

// tokens splits a content stream: as much of ISO 32000-1 7.2 and 7.3.4 as
// fpdf writes (literal strings with their escapes, hex strings, words).
func tokens(s []byte) []token {
	var out []token
	space := func(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0 }
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case space(c):
			i++
		case c == '(':
			str := []byte{}
			depth := 1
			for i++; i < len(s) && depth > 0; i++ {
				switch s[i] {
				case '\\':
					i++
					if i < len(s) {
						switch e := s[i]; e {
						case 'n':
							str = append(str, '\n')
						case 'r':
							str = append(str, '\r')
						case 't':
							str = append(str, '\t')
						default:
							str = append(str, e)
						}
					}
					continue
				case '(':
					depth++
				case ')':
					if depth--; depth == 0 {
						continue
					}
				}
				str = append(str, s[i])
			}
			out = append(out, token{str: str})
		case c == '<' && i+1 < len(s) && s[i+1] != '<':
			end := bytes.IndexByte(s[i:], '>')
			if end < 0 {
				return out
			}
			raw, _ := hex.DecodeString(string(s[i+1 : i+end]))
			out = append(out, token{str: append([]byte{}, raw...)})
			i += end + 1
		case c == '[' || c == ']':
			out = append(out, token{op: string(c)})
			i++
		default:
			j := i + 1
			for j < len(s) && !space(s[j]) && !bytes.ContainsAny(s[j:j+1], "()<>[]/") {
				j++
			}
			out = append(out, token{op: string(s[i:j])})
			i = j
		}
	}
	return out
}

func hexOf(t *testing.T, r, g, b string) string {
	var c [3]int
	for i, s := range []string{r, g, b} {
		v, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err)
		c[i] = int(v*255 + 0.5)
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2])
}

func testlandBoard(t *testing.T) *board.Geometry {
	t.Helper()
	data, err := os.ReadFile("../testdata/testland.board.geojson")
	require.NoError(t, err)
	b, err := board.Decode("testland.board.geojson", data)
	require.NoError(t, err)
	return b
}

// Every title and note of the board's pages is drawn in the colour it
// asks for, at WCAG AA on the paper (scene's test holds the board's own
// texts): fpdf once drew a tile's title in the fill of the last region
// its picture painted (yellow on white, red, or white on white), as
// ClipEnd restores the page's colour but not fpdf's record of it.
func TestTileTitlesReadAtWCAGAA(t *testing.T) {
	data, err := Render(testland(t), testlandBoard(t), Options{})
	require.NoError(t, err)
	texts := inkedTexts(t, data)
	tilePage := map[int]string{} // page -> its tile's name
	for _, it := range texts {
		if name, ok := strings.CutPrefix(it.text, TileMarker+" "); ok && !it.clipped && !strings.Contains(name, " ") {
			tilePage[it.page] = name
			assert.Equal(t, ink, it.fill, "the title of tile %s", name)
		}
	}
	require.Len(t, tilePage, 5, "testland's board: 3 × 2 tiles, one of open water not printed")
	margin, names := 0, 0
	for _, it := range texts {
		switch {
		case tilePage[it.page] != "" && !it.clipped:
			margin++
			assert.GreaterOrEqual(t, scene.Contrast(it.fill, paper), 4.5, "tile %s: %q in %s on the paper", tilePage[it.page], it.text, it.fill)
		case len(it.text) == 2 && it.text[0] >= 'A' && it.text[0] <= 'Z' && it.text[1] >= '1' && it.text[1] <= '9':
			// The page map's tile names, each on a white label.
			names++
			assert.GreaterOrEqual(t, scene.Contrast(it.fill, paper), 4.5, "the page map's %s in %s", it.text, it.fill)
		}
	}
	assert.Equal(t, 5*3, margin, "each tile's title, neighbours and foot line")
	assert.Equal(t, 5, names, "the page map names the tiles it prints")
}
