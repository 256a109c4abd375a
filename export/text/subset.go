package text

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	ot "github.com/go-text/typesetting/font/opentype"
)

// Subset is a face cut down to some of its glyphs, renumbered.
type Subset struct {
	Font                       []byte            // a TrueType file holding only the kept glyphs
	NewID                      map[uint16]uint16 // old glyph id -> id in Font
	Advance                    []uint16          // each new glyph's advance, in font units
	Upem                       int
	Ascent, Descent, CapHeight int
	BBox                       [4]int
}

// The tables a PDF viewer needs of an embedded TrueType font (ISO 32000-1,
// 9.9: glyf, head, hhea, hmtx, loca, maxp, and the hinting programs cvt,
// fpgm and prep); cmap, names and layout are left out: a CID font draws by
// glyph id.
var (
	tagGlyf = ot.MustNewTag("glyf")
	tagLoca = ot.MustNewTag("loca")
	tagHead = ot.MustNewTag("head")
	tagHhea = ot.MustNewTag("hhea")
	tagHmtx = ot.MustNewTag("hmtx")
	tagMaxp = ot.MustNewTag("maxp")
	tagOS2  = ot.MustNewTag("OS/2")
	tagPost = ot.MustNewTag("post")
	tagCmap = ot.MustNewTag("cmap")
	copied  = []ot.Tag{ot.MustNewTag("cvt "), ot.MustNewTag("fpgm"), ot.MustNewTag("prep")}
)

// emptyCmap maps no character (a CID font draws by glyph id) but keeps
// the table readers insist on: one Windows Unicode subtable, format 4,
// holding only the closing segment.
var emptyCmap = []byte{
	0, 0, 0, 1, // version, one subtable
	0, 3, 0, 1, 0, 0, 0, 12, // Windows, Unicode BMP, at 12
	0, 4, 0, 24, 0, 0, // format 4, length 24, language
	0, 2, 0, 2, 0, 0, 0, 0, // segCountX2, searchRange, entrySelector, rangeShift
	0xFF, 0xFF, 0, 0, // endCode, reservedPad
	0xFF, 0xFF, 0, 1, 0, 0, // startCode, idDelta, idRangeOffset
}

// errFont is a font file too short or inconsistent to cut.
var errFont = errors.New("font tables are inconsistent")

// SubsetOf cuts f down to glyph 0 (.notdef), the glyphs used and the
// components of composite glyphs among them, numbered in their old order.
func SubsetOf(f *Face, used []uint16) (*Subset, error) {
	if !f.hasOut {
		return nil, fmt.Errorf("%s: no TrueType outlines to subset", f.File)
	}
	ld, err := ot.NewLoader(bytes.NewReader(f.Data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.File, err)
	}
	raw := map[ot.Tag][]byte{}
	for _, t := range append([]ot.Tag{tagGlyf, tagLoca, tagHead, tagHhea, tagHmtx, tagMaxp, tagOS2, tagPost}, copied...) {
		if ld.HasTable(t) {
			if raw[t], err = ld.RawTable(t); err != nil {
				return nil, fmt.Errorf("%s: table %s: %w", f.File, t, err)
			}
		}
	}
	head, hhea, maxp, loca, glyf, hmtx := raw[tagHead], raw[tagHhea], raw[tagMaxp], raw[tagLoca], raw[tagGlyf], raw[tagHmtx]
	if len(head) < 54 || len(hhea) < 36 || len(maxp) < 6 {
		return nil, fmt.Errorf("%s: %w", f.File, errFont)
	}
	numGlyphs := int(binary.BigEndian.Uint16(maxp[4:]))
	longLoca := binary.BigEndian.Uint16(head[50:]) == 1
	numH := int(binary.BigEndian.Uint16(hhea[34:]))
	if numH == 0 || len(hmtx) < 4*numH+2*(numGlyphs-numH) {
		return nil, fmt.Errorf("%s: %w", f.File, errFont)
	}
	offset := func(g int) (int, int, error) {
		var a, b int
		if longLoca {
			if len(loca) < 4*(g+2) {
				return 0, 0, errFont
			}
			a, b = int(binary.BigEndian.Uint32(loca[4*g:])), int(binary.BigEndian.Uint32(loca[4*g+4:]))
		} else {
			if len(loca) < 2*(g+2) {
				return 0, 0, errFont
			}
			a, b = 2*int(binary.BigEndian.Uint16(loca[2*g:])), 2*int(binary.BigEndian.Uint16(loca[2*g+2:]))
		}
		if a > b || b > len(glyf) {
			return 0, 0, errFont
		}
		return a, b, nil
	}
	glyph := func(g int) ([]byte, error) {
		a, b, err := offset(g)
		if err != nil {
			return nil, fmt.Errorf("%s: glyph %d: %w", f.File, g, err)
		}
		return glyf[a:b], nil
	}

	// The glyphs kept: 0, the used ones, and every component of a kept
	// composite glyph (which may be composite again).
	keep := map[int]bool{0: true}
	queue := []int{0}
	for _, g := range used {
		if int(g) < numGlyphs && !keep[int(g)] {
			keep[int(g)] = true
			queue = append(queue, int(g))
		}
	}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		data, err := glyph(g)
		if err != nil {
			return nil, err
		}
		comps, err := components(data)
		if err != nil {
			return nil, fmt.Errorf("%s: glyph %d: %w", f.File, g, err)
		}
		for _, c := range comps {
			if c.id < numGlyphs && !keep[c.id] {
				keep[c.id] = true
				queue = append(queue, c.id)
			}
		}
	}
	old := make([]int, 0, len(keep))
	for g := range keep {
		old = append(old, g)
	}
	slices.Sort(old)
	newID := make(map[uint16]uint16, len(old))
	for i, g := range old {
		newID[uint16(g)] = uint16(i)
	}

	// glyf and loca (long offsets), composite references renumbered.
	var nglyf []byte
	nloca := make([]byte, 4*(len(old)+1))
	for i, g := range old {
		binary.BigEndian.PutUint32(nloca[4*i:], uint32(len(nglyf)))
		data, _ := glyph(g)
		data = slices.Clone(data)
		comps, _ := components(data)
		for _, c := range comps {
			binary.BigEndian.PutUint16(data[c.at:], newID[uint16(c.id)])
		}
		nglyf = append(nglyf, data...)
		for len(nglyf)%4 != 0 {
			nglyf = append(nglyf, 0)
		}
	}
	binary.BigEndian.PutUint32(nloca[4*len(old):], uint32(len(nglyf)))

	// hmtx: one long metric a glyph.
	nhmtx := make([]byte, 4*len(old))
	adv := make([]uint16, len(old))
	for i, g := range old {
		a, lsb := hmtx[4*(numH-1):4*(numH-1)+2], []byte{0, 0}
		if g < numH {
			a, lsb = hmtx[4*g:4*g+2], hmtx[4*g+2:4*g+4]
		} else if k := 4*numH + 2*(g-numH); k+2 <= len(hmtx) {
			lsb = hmtx[k : k+2]
		}
		copy(nhmtx[4*i:], a)
		copy(nhmtx[4*i+2:], lsb)
		adv[i] = binary.BigEndian.Uint16(a)
	}
	nhead := slices.Clone(head)
	binary.BigEndian.PutUint32(nhead[8:], 0)  // checkSumAdjustment: not checked by viewers
	binary.BigEndian.PutUint16(nhead[50:], 1) // long loca
	nhhea := slices.Clone(hhea)
	binary.BigEndian.PutUint16(nhhea[34:], uint16(len(old)))
	nmaxp := slices.Clone(maxp)
	binary.BigEndian.PutUint16(nmaxp[4:], uint16(len(old)))
	post := []byte{0, 3, 0, 0} // version 3: no glyph names
	if p := raw[tagPost]; len(p) >= 32 {
		post = append(post, p[4:32]...)
	} else {
		post = append(post, make([]byte, 28)...)
	}
	tables := []ot.Table{
		{Tag: tagCmap, Content: emptyCmap},
		{Tag: tagGlyf, Content: nglyf}, {Tag: tagHead, Content: nhead}, {Tag: tagHhea, Content: nhhea},
		{Tag: tagHmtx, Content: nhmtx}, {Tag: tagLoca, Content: nloca}, {Tag: tagMaxp, Content: nmaxp}, {Tag: tagPost, Content: post},
	}
	if t := raw[tagOS2]; len(t) > 0 {
		tables = append(tables, ot.Table{Tag: tagOS2, Content: t})
	}
	for _, t := range copied {
		if c := raw[t]; len(c) > 0 {
			tables = append(tables, ot.Table{Tag: t, Content: c})
		}
	}
	slices.SortFunc(tables, func(a, b ot.Table) int { return int(int64(a.Tag) - int64(b.Tag)) })

	s := &Subset{Font: ot.WriteTTF(tables), NewID: newID, Advance: adv, Upem: int(binary.BigEndian.Uint16(head[18:]))}
	s.BBox = [4]int{int(int16(binary.BigEndian.Uint16(head[36:]))), int(int16(binary.BigEndian.Uint16(head[38:]))), int(int16(binary.BigEndian.Uint16(head[40:]))), int(int16(binary.BigEndian.Uint16(head[42:])))}
	s.Ascent, s.Descent = int(int16(binary.BigEndian.Uint16(hhea[4:]))), int(int16(binary.BigEndian.Uint16(hhea[6:])))
	s.CapHeight = s.Ascent
	if t := raw[tagOS2]; len(t) >= 90 && binary.BigEndian.Uint16(t) >= 2 {
		s.CapHeight = int(int16(binary.BigEndian.Uint16(t[88:])))
	}
	return s, nil
}

type component struct {
	at int // byte offset of its glyph index in the glyph's data
	id int
}

// components lists a composite glyph's parts (none for a simple glyph).
func components(data []byte) ([]component, error) {
	if len(data) < 10 || int16(binary.BigEndian.Uint16(data)) >= 0 {
		return nil, nil
	}
	const (
		argsAreWords = 0x0001
		haveScale    = 0x0008
		moreParts    = 0x0020
		haveXYScale  = 0x0040
		have2x2      = 0x0080
	)
	var out []component
	for p := 10; ; {
		if p+4 > len(data) {
			return nil, errFont
		}
		flags := binary.BigEndian.Uint16(data[p:])
		out = append(out, component{at: p + 2, id: int(binary.BigEndian.Uint16(data[p+2:]))})
		p += 4
		if flags&argsAreWords != 0 {
			p += 4
		} else {
			p += 2
		}
		switch {
		case flags&haveScale != 0:
			p += 2
		case flags&haveXYScale != 0:
			p += 4
		case flags&have2x2 != 0:
			p += 8
		}
		if flags&moreParts == 0 || len(out) > 1024 {
			return out, nil
		}
	}
}
