package main

import (
	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// runExportNetwork exports a network pack to one of export.NetworkFormats,
// on standard output or to -o (a file, a folder to put <id><ext> in, or
// the folder of the GIS layers). inputs are the files the pack came from,
// which -o may not overwrite.
func runExportNetwork(opts *exportOptions, eo export.Options, p *mapdata.NetworkPack, inputs []string) error {
	var err error
	if opts.Format == export.SVG {
		if eo.Land, err = pipeline.NetworkLand(p); err != nil {
			return err
		}
	}
	paths, err := export.OutputNetwork(opts.IO.Out, p, opts.Format, opts.Output, inputs, eo)
	return wroteExport(opts, paths, err)
}
