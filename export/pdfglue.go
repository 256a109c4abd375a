package export

import (
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/export/pdf"
	"github.com/tendays/tendays/mapdata"
)

// PDFBytes is the print-and-play PDF (export/pdf) on opt.Paper.
func PDFBytes(p *mapdata.Pack, b *board.Geometry, opt Options) ([]byte, error) {
	paper, err := pdf.PaperNamed(opt.Paper)
	if err != nil {
		return nil, err
	}
	return pdf.Render(p, b, pdf.Options{Paper: paper})
}
