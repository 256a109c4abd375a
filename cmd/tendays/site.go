package main

import (
	"context"
	"fmt"

	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/export/site"
	"github.com/tendays/tendays/jsengine"
	"github.com/tendays/tendays/jsengine/wasmbuild"
	"github.com/tendays/tendays/mapdata"
)

// The static site's writer reads the studio (export/site), which export
// cannot import: the program gives it to export.
func init() {
	export.SitePages = func(in export.Input, a *wasmbuild.Assets) ([]export.File, error) {
		p, ok := in.Pack.(*mapdata.Pack)
		if !ok {
			return nil, fmt.Errorf("--format site: %w", jsengine.ErrNetwork)
		}
		files, err := site.Files(context.Background(), site.Input{Pack: p, PackJSON: in.PackJSON, Board: in.Board, Source: in.PackFile}, a)
		if err != nil {
			return nil, err
		}
		out := make([]export.File, len(files))
		for i, f := range files {
			out[i] = export.File{Name: f.Name, Data: f.Data}
		}
		return out, nil
	}
}
