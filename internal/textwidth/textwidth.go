// Package textwidth lays out text for a terminal by the columns it takes,
// not its bytes or its runes: an accent written as a combining mark (Pará
// as a + U+0301) takes no column of its own, a CJK character or an emoji
// two. It holds the one table writer every command's aligned output uses.
//
// Widths come from github.com/rivo/uniseg, which splits text into grapheme
// clusters (UAX #29) and sizes each by its East Asian width (UAX #11) and
// emoji presentation, so a base letter with its marks, or a flag, counts
// once. golang.org/x/text/width gives a rune's East Asian class alone,
// leaving clusters to us; go-runewidth sizes runes and, for clusters,
// defers to uniseg itself.
//
// It knows nothing of what the cells hold.
package textwidth

import (
	"io"
	"strings"

	"github.com/rivo/uniseg"
)

// Width is the number of terminal columns s takes.
func Width(s string) int { return uniseg.StringWidth(s) }

// PadRight is s followed by spaces up to width columns (s itself when it
// is as wide already).
func PadRight(s string, width int) string {
	if n := Width(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}

// PadLeft is s preceded by spaces up to width columns.
func PadLeft(s string, width int) string {
	if n := Width(s); n < width {
		return strings.Repeat(" ", width-n) + s
	}
	return s
}

// Align says how a column's cells sit in it.
type Align int

// Column alignments.
const (
	Left Align = iota
	Right
)

// Table is rows of cells written in columns as wide as their widest cell.
type Table struct {
	// Indent starts every line; Gap separates columns.
	Indent, Gap string
	// Align is each column's alignment (Left past its end).
	Align []Align
	// MinWidth is each column's least width (0 past its end).
	MinWidth []int
	rows     [][]string
}

// Row adds a row; a row may have fewer cells than others.
func (t *Table) Row(cells ...string) { t.rows = append(t.rows, cells) }

// Widths are the columns' widths: the widest cell of each, at least its
// MinWidth.
func (t *Table) Widths() []int {
	var w []int
	for _, r := range t.rows {
		for i, c := range r {
			if i == len(w) {
				w = append(w, 0)
				if i < len(t.MinWidth) {
					w[i] = t.MinWidth[i]
				}
			}
			w[i] = max(w[i], Width(c))
		}
	}
	return w
}

// WriteTo writes the rows; the last cell of a left-aligned row is not
// padded, so no line ends in spaces.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	widths := t.Widths()
	var b strings.Builder
	for _, r := range t.rows {
		b.WriteString(t.Indent)
		for i, c := range r {
			if i > 0 {
				b.WriteString(t.Gap)
			}
			right := i < len(t.Align) && t.Align[i] == Right
			switch {
			case right:
				b.WriteString(PadLeft(c, widths[i]))
			case i == len(r)-1:
				b.WriteString(c)
			default:
				b.WriteString(PadRight(c, widths[i]))
			}
		}
		b.WriteByte('\n')
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}
