// Package pdf makes the print-and-play PDF of a pack: a summary page (the
// deck, the colours with their symbols, the travel rules beyond foot, car
// and plane), the card fronts at poker size (63 × 88 mm) with a 3 mm bleed
// and crop marks inside the printable margin, a backs page after each
// fronts page mirrored for long-edge duplex, and the board tiled across
// pages at a stated scale with overlap, alignment marks and a page map.
//
// Text is DejaVu Sans, embedded (subset) from fonts/ with its licence.
// The same pack and board give the same bytes: no dates, no random ids.
// It draws with codeberg.org/go-pdf/fpdf and paints export/scene pictures
// (the board) through its own small scene painter; nothing here prints or
// writes files.
package pdf
