package pdf

import (
	"bytes"
	"compress/zlib"
	"crypto/sha256"
	"fmt"
	"math"
	"strings"
	"unicode/utf16"

	"github.com/tendays/tendays/export/text"
)

// Text that DejaVu Sans draws left to right without shaping goes through
// fpdf's own UTF-8 fonts. Any other text (Hebrew, Arabic, Devanagari, CJK,
// ...) is shaped by export/text and written here as glyph ids in a Type0
// font (CIDFontType2, Identity-H) whose font program is a subset of the
// face (text.SubsetOf) and whose ToUnicode map gives each glyph the text
// of its cluster, so that the PDF's text reads back in logical order.
// Each distinct (glyph, text) pair gets its own character code, so a glyph
// that begins one cluster and continues another (a Devanagari vowel sign)
// reads back right in both.

// shapedFonts are the faces shaped text has used, in order of first use.
type shapedFonts struct {
	lib    *text.Library
	faces  []*shapedFace
	byFace map[*text.Face]*shapedFace
}

type cidKey struct {
	gid  uint16
	text string
}

type shapedFace struct {
	face  *text.Face
	res   string // resource name
	cids  map[cidKey]uint16
	order []cidKey // cid i+1 is order[i]
	width map[uint16]float64
}

func newShapedFonts(lib *text.Library) *shapedFonts {
	return &shapedFonts{lib: lib, byFace: map[*text.Face]*shapedFace{}}
}

func (s *shapedFonts) of(f *text.Face) *shapedFace {
	if sf, ok := s.byFace[f]; ok {
		return sf
	}
	sf := &shapedFace{face: f, res: fmt.Sprintf("TF%d", len(s.faces)+1), cids: map[cidKey]uint16{}, width: map[uint16]float64{}}
	s.faces = append(s.faces, sf)
	s.byFace[f] = sf
	return sf
}

func (sf *shapedFace) cid(g text.Glyph) uint16 {
	k := cidKey{g.ID, g.Text}
	if c, ok := sf.cids[k]; ok {
		return c
	}
	sf.order = append(sf.order, k)
	c := uint16(len(sf.order))
	sf.cids[k] = c
	return c
}

// weightOf is the weight a fpdf style string asks for.
func weightOf(bold bool) text.Weight {
	if bold {
		return text.Bold
	}
	return text.Regular
}

// textOp writes line (shaped) with its left end at x and baseline y, in
// millimetres, size in points, into the current page: filled with fill,
// and first outlined with halo (haloW mm) when halo is set.
func (d *doc) textOp(line text.Line, x, y, sizePt float64, fill, halo string, haloW float64) {
	k := d.f.GetConversionRatio()
	_, h := d.f.GetPageSize()
	var b strings.Builder
	b.WriteString("q\n")
	pass := func(mode int) {
		fmt.Fprintf(&b, "BT %d Tr %.2f %.2f Td\n", mode, x*k, (h-y)*k)
		for _, run := range line.Runs {
			sf := d.shaped.of(run.Face)
			fmt.Fprintf(&b, "/%s %.2f Tf\n", sf.res, sizePt)
			var tj strings.Builder
			rise := 0.0
			flush := func() {
				if tj.Len() > 0 {
					fmt.Fprintf(&b, "[%s] TJ\n", tj.String())
					tj.Reset()
				}
			}
			adj := func(v float64) {
				if n := math.Round(v * 1000); n != 0 {
					fmt.Fprintf(&tj, " %.0f ", n)
				}
			}
			// A cluster of several glyphs (a Devanagari syllable, a
			// letter with its marks) is marked with its text (ISO
			// 32000-1, 14.9.4, ActualText), so that it reads back whole
			// and in order wherever its glyphs are drawn.
			open := 0
			for _, g := range run.Glyphs {
				if g.Cluster > 1 && g.Text != "" {
					flush()
					fmt.Fprintf(&b, "/Span <</ActualText <FEFF%s>>> BDC\n", utf16Hex(g.Text))
					open = g.Cluster
				}
				if g.YOffset != rise {
					flush()
					rise = g.YOffset
					fmt.Fprintf(&b, "%.2f Ts\n", rise*sizePt)
				}
				c := sf.cid(g)
				w := glyphWidth(sf, g.ID)
				adj(-g.XOffset)
				fmt.Fprintf(&tj, "<%04X>", c)
				adj(g.XOffset + w - g.Advance)
				if open > 0 {
					if open--; open == 0 {
						flush()
						b.WriteString("EMC\n")
					}
				}
			}
			flush()
			if open > 0 {
				b.WriteString("EMC\n")
			}
			if rise != 0 {
				b.WriteString("0 Ts\n")
			}
		}
		b.WriteString("ET\n")
	}
	if halo != "" && haloW > 0 {
		r, g, bb := rgb(halo)
		fmt.Fprintf(&b, "%.3f %.3f %.3f RG %.2f w 1 j\n", float64(r)/255, float64(g)/255, float64(bb)/255, haloW*k)
		pass(1)
	}
	r, g, bb := rgb(fill)
	fmt.Fprintf(&b, "%.3f %.3f %.3f rg\n", float64(r)/255, float64(g)/255, float64(bb)/255)
	pass(0)
	b.WriteString("Q")
	d.f.RawWriteStr(b.String())
}

// glyphWidth is a glyph's advance in its font, in ems, as the PDF's /W
// array gives it.
func glyphWidth(sf *shapedFace, gid uint16) float64 {
	if w, ok := sf.width[gid]; ok {
		return w
	}
	w := math.Round(sf.face.Advance(gid)*1000) / 1000
	sf.width[gid] = w
	return w
}

// objects are the fonts' PDF objects, numbered from next, and the
// resource name of each Type0 font with its object number.
func (s *shapedFonts) objects(next int) ([]pdfObject, map[string]int, error) {
	var out []pdfObject
	res := map[string]int{}
	for _, sf := range s.faces {
		var used []uint16
		for _, k := range sf.order {
			used = append(used, k.gid)
		}
		sub, err := text.SubsetOf(sf.face, used)
		if err != nil {
			return nil, nil, fmt.Errorf("pdf: %w", err)
		}
		// The subset's tag (ISO 32000-1, 9.6.4): six capitals from the
		// glyphs kept, so the same text gives the same name.
		sum := sha256.New()
		fmt.Fprintf(sum, "%s", sf.face.Name)
		for _, k := range sf.order {
			fmt.Fprintf(sum, ",%d", k.gid)
		}
		digest := sum.Sum(nil)
		tag := make([]byte, 6)
		for i := range tag {
			tag[i] = 'A' + digest[i]%26
		}
		name := string(tag) + "+" + pdfName(sf.face.Name)
		n0, n1, n2, n3, n4, n5 := next, next+1, next+2, next+3, next+4, next+5
		next += 6
		res[sf.res] = n0
		scale := 1000 / float64(sub.Upem)
		var w strings.Builder
		w.WriteString("[1 [")
		for i, k := range sf.order {
			if i > 0 {
				w.WriteByte(' ')
			}
			fmt.Fprintf(&w, "%.0f", float64(sub.Advance[sub.NewID[k.gid]])*scale)
		}
		w.WriteString("]]")
		cidToGID := make([]byte, 2*(len(sf.order)+1))
		for i, k := range sf.order {
			g := sub.NewID[k.gid]
			cidToGID[2*(i+1)], cidToGID[2*(i+1)+1] = byte(g>>8), byte(g)
		}
		out = append(out,
			pdfObject{n0, []byte(fmt.Sprintf("<</Type /Font /Subtype /Type0 /BaseFont /%s /Encoding /Identity-H /DescendantFonts [%d 0 R] /ToUnicode %d 0 R>>", name, n1, n4))},
			pdfObject{n1, []byte(fmt.Sprintf("<</Type /Font /Subtype /CIDFontType2 /BaseFont /%s /CIDSystemInfo <</Registry (Adobe) /Ordering (Identity) /Supplement 0>> /FontDescriptor %d 0 R /DW 0 /W %s /CIDToGIDMap %d 0 R>>", name, n2, w.String(), n5))},
			pdfObject{n2, []byte(fmt.Sprintf("<</Type /FontDescriptor /FontName /%s /Flags 4 /FontBBox [%.0f %.0f %.0f %.0f] /ItalicAngle 0 /Ascent %.0f /Descent %.0f /CapHeight %.0f /StemV 80 /FontFile2 %d 0 R>>",
				name, float64(sub.BBox[0])*scale, float64(sub.BBox[1])*scale, float64(sub.BBox[2])*scale, float64(sub.BBox[3])*scale,
				float64(sub.Ascent)*scale, float64(sub.Descent)*scale, float64(sub.CapHeight)*scale, n3))},
			streamObject(n3, sub.Font, fmt.Sprintf("/Length1 %d", len(sub.Font))),
			streamObject(n4, toUnicode(sf.order), ""),
			streamObject(n5, cidToGID, ""),
		)
	}
	return out, res, nil
}

// streamObject is a Flate-compressed stream object.
func streamObject(num int, data []byte, extra string) pdfObject {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(data)
	zw.Close()
	var b bytes.Buffer
	fmt.Fprintf(&b, "<</Filter /FlateDecode /Length %d", z.Len())
	if extra != "" {
		b.WriteString(" " + extra)
	}
	b.WriteString(">>\nstream\n")
	b.Write(z.Bytes())
	b.WriteString("\nendstream")
	return pdfObject{num, b.Bytes()}
}

// toUnicode is the CMap giving each code its cluster's text; codes that
// continue a cluster give none.
func toUnicode(order []cidKey) []byte {
	var entries []string
	for i, k := range order {
		if k.text == "" {
			continue
		}
		entries = append(entries, fmt.Sprintf("<%04X> <%s>", i+1, utf16Hex(k.text)))
	}
	var b strings.Builder
	b.WriteString("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo <</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
	for len(entries) > 0 {
		n := min(100, len(entries)) // at most 100 a block
		fmt.Fprintf(&b, "%d beginbfchar\n%s\nendbfchar\n", n, strings.Join(entries[:n], "\n"))
		entries = entries[n:]
	}
	b.WriteString("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
	return []byte(b.String())
}

// utf16Hex is s in UTF-16BE, as hex digits.
func utf16Hex(s string) string {
	var hex strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&hex, "%04X", u)
	}
	return hex.String()
}

// pdfName keeps the characters a PDF name may hold unescaped.
func pdfName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r > ' ' && r < 0x7f && !strings.ContainsRune("()<>[]{}/%#", r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
