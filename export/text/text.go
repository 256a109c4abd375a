// Package text shapes the names tendays prints in any script: it finds a
// font for every character (DejaVu Sans, compiled in, then the system's
// Noto fonts and Droid Sans Fallback for CJK), splits a line into runs by
// direction, script and font, orders the runs for display (the Unicode
// bidirectional algorithm), and shapes each run with HarfBuzz's rules
// (github.com/go-text/typesetting, a Go port of HarfBuzz): Arabic letters
// joined, Devanagari clusters formed, marks placed. It also cuts a font
// down to the glyphs a document uses (Subset), for embedding.
//
// What is not here: drawing. export/pdf writes the shaped glyphs as PDF
// text with an embedded subset font; export/raster paints their outlines;
// export/scene measures lines with Width. Fonts with PostScript (CFF)
// outlines are not used: only TrueType outlines can be subset here, so the
// CJK font is Droid Sans Fallback (Debian's fonts-droid-fallback), not
// Noto Sans CJK.
package text

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/language"
	"github.com/go-text/typesetting/shaping"
	"golang.org/x/image/math/fixed"

	"github.com/tendays/tendays/internal/safeio"
)

var (
	//go:embed fonts/DejaVuSans.ttf
	DejaVuRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	DejaVuBold []byte
)

// Weight is a font's weight: regular or bold.
type Weight int

const (
	Regular Weight = iota
	Bold
)

func (w Weight) String() string {
	if w == Bold {
		return "Bold"
	}
	return "Regular"
}

// DefaultDirs are the folders searched for fonts: Debian's fonts-noto-core,
// fonts-droid-fallback (Chinese, Japanese) and fonts-nanum (Korean).
var DefaultDirs = []string{"/usr/share/fonts/truetype/noto", "/usr/share/fonts/truetype/droid", "/usr/share/fonts/truetype/nanum"}

// maxFontBytes bounds a font file read from a folder.
const maxFontBytes = 64 << 20

// Face is one font file, parsed.
type Face struct {
	Name   string // the PostScript-style name a PDF gives it, e.g. NotoSansHebrew-Bold
	File   string // its path, or "DejaVuSans.ttf (compiled in)"
	Data   []byte // the file
	Upem   float64
	face   *font.Face
	hasOut bool // TrueType outlines (glyf), which Subset can cut
}

// mu guards every library and every go-text face (which keep caches): one
// caller at a time.
var mu sync.Mutex

// Segment is a piece of a glyph's outline in font units, y up.
type (
	Segment      = ot.Segment
	SegmentPoint = ot.SegmentPoint
)

// The segments' operations.
const (
	MoveTo = ot.SegmentOpMoveTo
	LineTo = ot.SegmentOpLineTo
	QuadTo = ot.SegmentOpQuadTo
	CubeTo = ot.SegmentOpCubeTo
)

// Outline is glyph gid's outline, in font units with y up.
func (f *Face) Outline(gid uint16) []Segment {
	mu.Lock()
	defer mu.Unlock()
	o, ok := f.face.GlyphDataOutline(font.GID(gid))
	if !ok {
		return nil
	}
	return slices.Clone(o.Segments)
}

// Covers reports whether the face has a glyph for r.
func (f *Face) Covers(r rune) bool {
	mu.Lock()
	defer mu.Unlock()
	return f.covers(r)
}

func (f *Face) covers(r rune) bool {
	g, ok := f.face.NominalGlyph(r)
	return ok && g != 0
}

// Advance is glyph gid's advance width in ems.
func (f *Face) Advance(gid uint16) float64 {
	mu.Lock()
	defer mu.Unlock()
	return float64(f.face.HorizontalAdvance(font.GID(gid))) / f.Upem
}

func parseFace(name, file string, data []byte) (face *Face, err error) {
	// A font file from a folder is input like any other: one the parser
	// chokes on is a font that does not load, not a crash.
	defer func() {
		if r := recover(); r != nil {
			face, err = nil, fmt.Errorf("%s: the font does not parse (%v)", file, r)
		}
	}()
	fc, err := font.ParseTTF(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	ld, err := ot.NewLoader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return &Face{Name: name, File: file, Data: data, Upem: float64(fc.Upem()), face: fc, hasOut: ld.HasTable(ot.MustNewTag("glyf"))}, nil
}

// Library finds and caches fonts. Its methods are safe for concurrent use.
type Library struct {
	dirs []string

	dejavu  [2]*Face
	byFile  map[string]*Face // loaded, by path; nil for a file that would not load
	scanned []string         // every .ttf in dirs, sorted, once listed
	listed  bool
	shaper  shaping.HarfbuzzShaper
	seg     shaping.Segmenter
}

// New is a library searching dirs (after the compiled-in DejaVu Sans).
func New(dirs []string) *Library {
	l := &Library{dirs: dirs, byFile: map[string]*Face{}}
	var err error
	if l.dejavu[Regular], err = parseFace("DejaVuSans", "DejaVuSans.ttf (compiled in)", DejaVuRegular); err != nil {
		panic("text: the compiled-in DejaVu Sans does not parse: " + err.Error())
	}
	if l.dejavu[Bold], err = parseFace("DejaVuSans-Bold", "DejaVuSans-Bold.ttf (compiled in)", DejaVuBold); err != nil {
		panic("text: the compiled-in DejaVu Sans Bold does not parse: " + err.Error())
	}
	return l
}

var (
	systemOnce sync.Once
	system     *Library
)

// System is the library over DefaultDirs, made once.
func System() *Library {
	systemOnce.Do(func() { system = New(DefaultDirs) })
	return system
}

// Dirs are the folders the library searches.
func (l *Library) Dirs() []string { return slices.Clone(l.dirs) }

// Simple reports whether s can be drawn character by character in DejaVu
// Sans, left to right, with no shaping: Latin, Greek, Cyrillic and the
// like. Such text keeps the back ends' simple path (and their bytes).
func Simple(s string) bool {
	for _, r := range s {
		if r < 0x0590 || (r >= 0x1E00 && r < 0x2000) || (r >= 0x2000 && r < 0x2E00 && !isBidiControl(r)) {
			continue
		}
		return false
	}
	return true
}

func isBidiControl(r rune) bool {
	return r == 0x200E || r == 0x200F || (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069)
}

// ignorable runes need no glyph: joiners, marks of direction, variation
// selectors.
func ignorable(r rune) bool {
	return r == 0x200C || r == 0x200D || isBidiControl(r) || (r >= 0xFE00 && r <= 0xFE0F) || unicode.IsControl(r)
}

// preferred are the files tried first for a script, before DejaVu Sans:
// the scripts whose shaping DejaVu does not carry well, and the CJK
// scripts it lacks. Stems take "-Regular.ttf" or "-Bold.ttf"; "A.ttf|B.ttf"
// names the regular and the bold file; a stem ending in ".ttf" is one file
// for both weights.
var preferred = map[language.Script][]string{
	language.Arabic:     {"NotoSansArabic", "NotoNaskhArabic"},
	language.Hebrew:     {"NotoSansHebrew"},
	language.Syriac:     {"NotoSansSyriac"},
	language.Thaana:     {"NotoSansThaana"},
	language.Nko:        {"NotoSansNKo"},
	language.Devanagari: {"NotoSansDevanagari"},
	language.Bengali:    {"NotoSansBengali"},
	language.Gurmukhi:   {"NotoSansGurmukhi"},
	language.Gujarati:   {"NotoSansGujarati"},
	language.Oriya:      {"NotoSansOriya"},
	language.Tamil:      {"NotoSansTamil"},
	language.Telugu:     {"NotoSansTelugu"},
	language.Kannada:    {"NotoSansKannada"},
	language.Malayalam:  {"NotoSansMalayalam"},
	language.Sinhala:    {"NotoSansSinhala"},
	language.Thai:       {"NotoSansThai"},
	language.Lao:        {"NotoSansLao"},
	language.Khmer:      {"NotoSansKhmer"},
	language.Myanmar:    {"NotoSansMyanmar"},
	language.Tibetan:    {"NotoSerifTibetan"},
	language.Ethiopic:   {"NotoSansEthiopic"},
	language.Armenian:   {"NotoSansArmenian"},
	language.Georgian:   {"NotoSansGeorgian"},
	language.Mongolian:  {"NotoSansMongolian"},
	language.Han:        {"DroidSansFallbackFull.ttf"},
	language.Hiragana:   {"DroidSansFallbackFull.ttf"},
	language.Katakana:   {"DroidSansFallbackFull.ttf"},
	language.Hangul:     {"NanumGothic.ttf|NanumGothicBold.ttf", "DroidSansFallbackFull.ttf"},
	language.Bopomofo:   {"DroidSansFallbackFull.ttf"},
}

// load reads and parses a font file once; nil when it is absent, does not
// parse or has no TrueType outlines. Called with mu held.
func (l *Library) load(path string) *Face {
	if f, ok := l.byFile[path]; ok {
		return f
	}
	var face *Face
	if data, err := safeio.ReadFile(path, maxFontBytes); err == nil {
		name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		if f, err := parseFace(name, path, data); err == nil && f.hasOut {
			face = f
		}
	}
	l.byFile[path] = face
	return face
}

// byStem is the face of a preferred stem at weight w (the regular one when
// the folder has no bold), or nil.
func (l *Library) byStem(stem string, w Weight) *Face {
	names := []string{stem + "-" + w.String() + ".ttf", stem + "-Regular.ttf"}
	if reg, bold, ok := strings.Cut(stem, "|"); ok {
		names = []string{reg}
		if w == Bold {
			names = []string{bold, reg}
		}
	} else if strings.HasSuffix(stem, ".ttf") {
		names = []string{stem}
	}
	for _, dir := range l.dirs {
		for _, n := range names {
			if f := l.load(filepath.Join(dir, n)); f != nil {
				return f
			}
		}
	}
	return nil
}

// list is every .ttf file in the folders, sorted by name (sans before
// serif, as Noto's names sort), each weight's first. Called with mu held.
func (l *Library) list() []string {
	if l.listed {
		return l.scanned
	}
	l.listed = true
	for _, dir := range l.dirs {
		ents, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".ttf") {
				l.scanned = append(l.scanned, filepath.Join(dir, e.Name()))
			}
		}
	}
	sort.Strings(l.scanned)
	return l.scanned
}

// faceFor is the face that draws r at weight w: the script's preferred
// fonts, DejaVu Sans, then any font in the folders (the weight's files
// first). nil when none does. Called with mu held.
func (l *Library) faceFor(r rune, w Weight) *Face {
	for _, stem := range preferred[language.LookupScript(r)] {
		if f := l.byStem(stem, w); f != nil && f.covers(r) {
			return f
		}
	}
	if f := l.dejavu[w]; f.covers(r) {
		return f
	}
	if f := l.dejavu[Regular]; f.covers(r) {
		return f
	}
	files := l.list()
	for pass := 0; pass < 2; pass++ {
		for _, path := range files {
			isWeight := strings.Contains(filepath.Base(path), "-"+w.String()+".")
			if (pass == 0) != isWeight {
				continue
			}
			if f := l.load(path); f != nil && f.covers(r) {
				return f
			}
		}
	}
	return nil
}

// MissingError is a character no font draws.
type MissingError struct {
	Text     string
	Rune     rune
	Searched []string // DejaVu Sans and the folders searched
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("%q has %q (U+%04X), which no font draws (searched %s)", e.Text, e.Rune, e.Rune, strings.Join(e.Searched, ", "))
}

// Searched names what the library looks through, for messages.
func (l *Library) Searched() []string {
	out := []string{"DejaVu Sans (compiled in)"}
	for _, d := range l.dirs {
		out = append(out, d+"/*.ttf")
	}
	return out
}

// Check returns a *MissingError for the first character of s that no font
// draws.
func (l *Library) Check(s string, w Weight) error {
	mu.Lock()
	defer mu.Unlock()
	for _, r := range s {
		if ignorable(r) || unicode.IsSpace(r) {
			continue
		}
		if l.faceFor(r, w) == nil {
			return &MissingError{Text: s, Rune: r, Searched: l.Searched()}
		}
	}
	return nil
}

// Glyph is one shaped glyph, its sizes in ems.
type Glyph struct {
	ID       uint16  // in its face
	Advance  float64 // where the next glyph starts
	XOffset  float64 // where this one is drawn, from its pen position
	YOffset  float64 // up
	Text     string  // the characters of its cluster, on the cluster's first glyph drawn; "" on the others
	Cluster  int     // on a cluster's first glyph: how many glyphs the cluster has
	RuneFrom int     // the cluster's first rune in the line (logical order)
}

// Run is glyphs of one face and direction, left to right as drawn.
type Run struct {
	Face   *Face
	RTL    bool
	Glyphs []Glyph
	Width  float64 // ems
}

// Line is a line of text shaped: its runs left to right as drawn.
type Line struct {
	Text  string
	Runs  []Run
	Width float64 // ems
	RTL   bool    // the paragraph's direction (its first strong character)
}

// PageSegment is a piece of a glyph's outline placed on a page whose y
// grows downward: Op, and its one (MoveTo, LineTo), two (QuadTo) or three
// (CubeTo) points in P.
type PageSegment struct {
	Op ot.SegmentOp
	P  [3][2]float64
}

// Outlines calls glyph with the outline of each glyph of the line, in
// order, placed on a page: the line's left end at x, its baseline at y,
// size page units to the em. The raster and SVG back ends draw the same
// shapes from it. The slice is reused from one call to the next.
func (l Line) Outlines(x, y, size float64, glyph func([]PageSegment)) {
	pen := x
	var segs []PageSegment
	for _, run := range l.Runs {
		k := size / run.Face.Upem
		for _, g := range run.Glyphs {
			gx, gy := pen+g.XOffset*size, y-g.YOffset*size
			segs = segs[:0]
			for _, s := range run.Face.Outline(g.ID) {
				ps := PageSegment{Op: s.Op}
				for i, a := range s.ArgsSlice() {
					ps.P[i] = [2]float64{gx + float64(a.X)*k, gy - float64(a.Y)*k}
				}
				segs = append(segs, ps)
			}
			glyph(segs)
			pen += g.Advance * size
		}
	}
}

type fontmap struct {
	l       *Library
	w       Weight
	missing bool
}

func (m *fontmap) ResolveFace(r rune) *font.Face {
	if f := m.l.faceFor(r, m.w); f != nil {
		return f.face
	}
	if !ignorable(r) && !unicode.IsSpace(r) {
		m.missing = true
	}
	return m.l.dejavu[m.w].face
}

// shapeSize is the size text is shaped at: 1000 units an em, so advances
// come back in thousandths of an em.
const shapeSize = 1000

// Shape shapes one line of s at weight w. A character no font draws is a
// *MissingError.
func (l *Library) Shape(s string, w Weight) (Line, error) {
	mu.Lock()
	defer mu.Unlock()
	runes := []rune(s)
	line := Line{Text: s}
	if len(runes) == 0 {
		return line, nil
	}
	dir := di.DirectionLTR
	if firstStrongRTL(runes) {
		dir, line.RTL = di.DirectionRTL, true
	}
	fm := &fontmap{l: l, w: w}
	in := shaping.Input{Text: runes, RunStart: 0, RunEnd: len(runes), Direction: dir, Size: fixed.I(shapeSize), Language: language.NewLanguage("und")}
	inputs := l.seg.Split(in, fm)
	if fm.missing {
		for _, r := range runes {
			if !ignorable(r) && !unicode.IsSpace(r) && l.faceFor(r, w) == nil {
				return Line{}, &MissingError{Text: s, Rune: r, Searched: l.Searched()}
			}
		}
	}
	byFont := map[*font.Face]*Face{}
	for _, f := range l.byFile {
		if f != nil {
			byFont[f.face] = f
		}
	}
	byFont[l.dejavu[Regular].face], byFont[l.dejavu[Bold].face] = l.dejavu[Regular], l.dejavu[Bold]
	runs := make([]Run, 0, len(inputs))
	for _, in := range inputs {
		out := l.shaper.Shape(in)
		face := byFont[in.Face]
		run := Run{Face: face, RTL: in.Direction.Progression() == di.TowardTopLeft}
		seen := map[int]bool{}
		for _, g := range out.Glyphs {
			gl := Glyph{ID: uint16(g.GlyphID), Advance: em(g.Advance), XOffset: em(g.XOffset), YOffset: em(g.YOffset), RuneFrom: g.ClusterIndex}
			if !seen[g.ClusterIndex] {
				seen[g.ClusterIndex] = true
				gl.Text = string(runes[g.ClusterIndex:min(len(runes), g.ClusterIndex+g.RunesCount())])
				gl.Cluster = g.GlyphsCount()
			}
			run.Glyphs = append(run.Glyphs, gl)
			run.Width += gl.Advance
		}
		runs = append(runs, run)
		line.Width += run.Width
	}
	line.Runs = visualOrder(runs, line.RTL)
	return line, nil
}

func em(v fixed.Int26_6) float64 { return math.Round(float64(v)/64) / shapeSize }

// firstStrongRTL is the paragraph direction rule (UAX #9 P2, P3): the
// first strong character decides.
func firstStrongRTL(rs []rune) bool {
	for _, r := range rs {
		switch {
		case unicode.Is(unicode.Hebrew, r), unicode.Is(unicode.Arabic, r), unicode.Is(unicode.Syriac, r), unicode.Is(unicode.Thaana, r), unicode.Is(unicode.Nko, r):
			return true
		case unicode.IsLetter(r):
			return false
		}
	}
	return false
}

// visualOrder puts the runs (logical order, each with its direction) in
// the order they are drawn (UAX #9 L2 for two or three levels): in a
// left-to-right paragraph each stretch of right-to-left runs is reversed;
// in a right-to-left one the whole line is, with each stretch of
// left-to-right runs kept in its order.
func visualOrder(runs []Run, rtl bool) []Run {
	out := slices.Clone(runs)
	reverseStretches := func(want bool) {
		for i := 0; i < len(out); {
			if out[i].RTL != want {
				i++
				continue
			}
			j := i
			for j < len(out) && out[j].RTL == want {
				j++
			}
			slices.Reverse(out[i:j])
			i = j
		}
	}
	if !rtl {
		reverseStretches(true)
		return out
	}
	slices.Reverse(out)
	reverseStretches(false)
	return out
}

// Width is the width of s at weight w in ems, shaped; 0 for text no font
// draws.
func (l *Library) Width(s string, w Weight) float64 {
	line, err := l.Shape(s, w)
	if err != nil {
		return 0
	}
	return line.Width
}
