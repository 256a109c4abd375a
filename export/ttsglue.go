package export

import (
	"bytes"

	"github.com/tendays/tendays/export/tts"
	"github.com/tendays/tendays/mapdata"
)

// TTSFiles gives the Tabletop Simulator save (<base>.tts.json) first, then
// its images.
func TTSFiles(p *mapdata.Pack, in Input, opt Options) ([]File, error) {
	base := opt.AssetBase
	if base == "" {
		base = baseName(p)
	}
	save, imgs, err := tts.Build(p, in.Board, tts.Options{Base: base, AssetURL: opt.AssetURL, CardWidth: opt.CardWidth, BoardWidth: opt.BoardWidth})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := mapdata.EncodeJSON(&b, save); err != nil {
		return nil, err
	}
	files := []File{{Name: base + ".tts.json", Data: b.Bytes()}}
	for _, f := range imgs {
		files = append(files, File{Name: f.Name, Data: f.Data})
	}
	return files, nil
}
