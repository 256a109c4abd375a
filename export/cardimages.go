package export

import (
	"strconv"

	"github.com/tendays/tendays/export/cardimg"
	"github.com/tendays/tendays/mapdata"
)

// CardImageFiles are the card images (export/cardimg) at opt.CardPreset
// and manifest.csv: one row an image, with the copies to print and the
// image's size, trim and bleed, so a print service's order can be checked
// against it.
func CardImageFiles(p *mapdata.Pack, in Input, opt Options) ([]File, error) {
	preset, err := cardimg.PresetNamed(opt.CardPreset)
	if err != nil {
		return nil, err
	}
	imgs, err := cardimg.Build(p, in.Board, preset)
	if err != nil {
		return nil, err
	}
	full, _ := preset.Pixels()
	var files []File
	var rows [][]string
	for _, im := range imgs {
		files = append(files, File{Name: im.Name, Data: im.Data})
		rows = append(rows, []string{im.Name, im.Side, im.Token, im.Title, strconv.Itoa(im.Copies),
			strconv.Itoa(full.Dx()), strconv.Itoa(full.Dy()), strconv.FormatFloat(preset.DPI, 'f', -1, 64),
			strconv.FormatFloat(preset.TrimW, 'f', -1, 64) + "x" + strconv.FormatFloat(preset.TrimH, 'f', -1, 64),
			strconv.FormatFloat(preset.Bleed, 'f', -1, 64), preset.Name})
	}
	manifest, err := writeCSV(ManifestColumns, rows)
	if err != nil {
		return nil, err
	}
	return append(files, File{Name: "manifest.csv", Data: manifest}), nil
}

// ManifestColumns are card-images' manifest.csv columns.
var ManifestColumns = []string{"file", "side", "card", "title", "copies", "width_px", "height_px", "dpi", "trim_mm", "bleed_mm", "preset"}
