package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// runExportNetwork exports a network pack to one of export.NetworkFormats,
// on standard output or to -o (a file, or a folder to put <id><ext> in).
// inputs are the files the pack came from, which -o may not overwrite.
func runExportNetwork(opts *exportOptions, p *mapdata.NetworkPack, inputs []string) error {
	if !slices.Contains(export.NetworkFormats(), opts.Format) {
		return usageErrorf("--format %s does not apply to a route-network pack (want %s)", opts.Format, strings.Join(export.NetworkFormats(), ", "))
	}
	eo := export.Options{Width: opts.Width, Graph: opts.Graph, Quantization: opts.Quantization}
	if opts.Format == export.GIS {
		return writeNetworkGIS(opts, p, inputs)
	}
	var err error
	if opts.Format == export.SVG {
		if eo.Land, err = pipeline.NetworkLand(p); err != nil {
			return err
		}
	}
	data, err := export.RenderNetwork(p, opts.Format, eo)
	if err != nil {
		return err
	}
	if opts.Output == "" || opts.Output == atomicfile.Stdout {
		_, err = opts.IO.Out.Write(data)
		return err
	}
	path, _, err := atomicfile.Dest(opts.Output, export.NetworkFileName(p, opts.Format))
	if err != nil {
		return err
	}
	if fi, err := os.Stat(filepath.Dir(path)); err != nil || !fi.IsDir() {
		return usageErrorf("-o %s: the folder %s does not exist", opts.Output, filepath.Dir(path))
	}
	if err := checkClobber([]string{path}, inputs); err != nil {
		return err
	}
	if err := atomicfile.WriteDest(opts.Output, path, false, nil, 0o644, writeBytes(data)); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.ErrOut, "wrote %s\n", path)
	return nil
}

// writeNetworkGIS writes a network's GIS layers into the folder -o.
func writeNetworkGIS(opts *exportOptions, p *mapdata.NetworkPack, inputs []string) error {
	out := strings.TrimSuffix(opts.Output, "/")
	if out == "" || out == atomicfile.Stdout || atomicfile.WritesThrough(out) {
		return usageErrorf("--format gis writes several files: give -o FOLDER")
	}
	if fi, err := os.Stat(filepath.Dir(out)); err != nil || !fi.IsDir() {
		return usageErrorf("-o %s: the folder %s does not exist", opts.Output, filepath.Dir(out))
	}
	files, err := export.NetworkGISFiles(p)
	if err != nil {
		return err
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, filepath.Join(out, f.Name))
	}
	if err := checkClobber(paths, inputs); err != nil {
		return err
	}
	if paths, err = export.WriteFiles(out, files); err != nil {
		if errors.Is(err, export.ErrOutput) {
			return usageErrorf("%s", strings.TrimPrefix(err.Error(), export.ErrOutput.Error()+": "))
		}
		return err
	}
	for _, p := range paths {
		opts.Global.notef(opts.IO.ErrOut, "wrote %s\n", p)
	}
	return nil
}
