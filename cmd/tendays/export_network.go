package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
)

// isNetworkPackSource reports whether pack text is of kind network.
func isNetworkPackSource(path string, src []byte) bool {
	doc, err := mapdata.ParseJSON(path, src)
	return err == nil && mapdata.PackKind(doc) == mapdata.KindNetwork
}

// runExportNetwork exports a network pack to one of export.NetworkFormats,
// on standard output or to -o (a file, or a folder to put <id><ext> in).
// inputs are the files the pack came from, which -o may not overwrite.
func runExportNetwork(opts *exportOptions, packName string, src []byte, inputs ...string) error {
	if !slices.Contains(export.NetworkFormats(), opts.Format) {
		return usageErrorf("--format %s does not apply to a route-network pack (want %s)", opts.Format, strings.Join(export.NetworkFormats(), ", "))
	}
	pd, err := mapdata.DecodeNetworkPack(packName, src)
	if err != nil {
		return err
	}
	eo := export.Options{Width: opts.Width, Graph: opts.Graph}
	if opts.Format == export.SVG {
		if eo.Land, err = networkLand(pd.Pack); err != nil {
			return err
		}
	}
	data, err := export.RenderNetwork(pd.Pack, opts.Format, eo)
	if err != nil {
		return err
	}
	if opts.Output == "" || opts.Output == atomicfile.Stdout {
		_, err = opts.IO.Out.Write(data)
		return err
	}
	path, _, err := atomicfile.Dest(opts.Output, export.NetworkFileName(pd.Pack, opts.Format))
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

// usLandFile is the outline drawn under a network whose stations all lie in
// the lower 48 states (Across the United States): the states the bundled
// usa edition ships.
const usLandFile = "usa/states-10m.topojson"

// networkLand reads the land a network's svg board is drawn on: the U.S.
// states when every station lies in the lower 48, nothing elsewhere.
func networkLand(p *mapdata.NetworkPack) ([]orb.MultiPolygon, error) {
	// The lower 48's box: Alaska and Hawaii widen the states' own.
	lower48 := orb.Bound{Min: orb.Point{-125, 24}, Max: orb.Point{-66, 50}}
	if len(p.Stations) == 0 {
		return nil, nil
	}
	for _, s := range p.Stations {
		if !lower48.Contains(orb.Point(s.Point)) {
			return nil, nil
		}
	}
	src, err := fs.ReadFile(editions.FS(), usLandFile)
	if err != nil {
		return nil, fmt.Errorf("the land under the board: %w", err)
	}
	layer, _, err := borders.Decode(usLandFile, src, borders.Options{Object: "states"})
	if err != nil {
		return nil, fmt.Errorf("the land under the board: %w", err)
	}
	land := make([]orb.MultiPolygon, 0, len(layer.Features))
	for _, f := range layer.Features {
		land = append(land, f.Geometry)
	}
	return land, nil
}
