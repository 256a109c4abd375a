// Package pdf makes the print-and-play PDF of a pack: a summary page (the
// deck, the colours with their symbols, the travel rules beyond foot, car
// and plane), the card fronts at poker size (63 × 88 mm) with a 3 mm bleed
// and crop marks inside the printable margin, a backs page after each
// fronts page mirrored for long-edge duplex, and the board tiled across
// pages at a stated scale with overlap, alignment marks and a page map
// (tiles of open water left out). Card pages carry a TrimBox (the cut
// lines) inside a BleedBox; Paper OneCard puts one card a page with its
// bleed, each back before its face, as print services take them.
//
// Text DejaVu Sans draws unshaped goes through fpdf's UTF-8 fonts (DejaVu,
// compiled in by export/text). Any other text is shaped by export/text and
// written here as glyph ids (glyphs.go): a Type0 font per face whose
// program is a subset of it, a ToUnicode map and ActualText for clusters
// so that it reads back in order. fpdf can write neither such fonts nor
// page boxes the same way twice, so both go in an incremental update after
// fpdf's file (update.go). The same pack and fonts give the same bytes: no
// dates, no random ids. It draws with codeberg.org/go-pdf/fpdf and paints
// export/scene pictures (the board, the pictograms) through its own small
// scene painter; nothing here prints or writes files.
package pdf
