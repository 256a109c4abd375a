package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"

	"github.com/tendays/tendays/derive/network"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/schema"
)

func init() { lint.RegisterInfo(network.Rules...) }

// readEditionFile reads edition.yaml of an edition folder, within the size
// limit.
func readEditionFile(src *editionSource, g *globalOptions) (string, []byte, error) {
	file := path.Join(src.Dir, editionFile)
	fi, err := fs.Stat(src.FS, editionFile)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return file, nil, diag.Errorf(diag.Position{File: file}, "no %s in %s", editionFile, src.Dir)
		}
		return file, nil, diag.Errorf(diag.Position{File: file}, "%w", err)
	}
	if max := g.limit(mapdata.DefaultMaxYAML); fi.Size() > max {
		return file, nil, diag.Errorf(diag.Position{File: file}, "file is %d bytes, over the limit of %d (raise it with --max-input)", fi.Size(), max)
	}
	text, err := fs.ReadFile(src.FS, editionFile)
	if err != nil {
		return file, nil, diag.Errorf(diag.Position{File: file}, "%w", err)
	}
	return file, text, nil
}

// isNetworkEdition reports whether an edition's kind is network. An edition
// that cannot be read is not: the regions path reports why.
func isNetworkEdition(src *editionSource, g *globalOptions) bool {
	file, text, err := readEditionFile(src, g)
	if err != nil {
		return false
	}
	doc, err := mapdata.ParseYAML(file, text)
	if err != nil {
		return false
	}
	return mapdata.PackKind(doc) == mapdata.KindNetwork
}

// buildNetworkEdition reads, checks and derives a network edition, as
// buildEdition does a regions one.
func buildNetworkEdition(src *editionSource, g *globalOptions) (*lint.Target, *network.Result, error) {
	file, text, err := readEditionFile(src, g)
	if err != nil {
		return nil, nil, err
	}
	doc, err := mapdata.ParseYAML(file, text)
	if err != nil {
		return nil, nil, err
	}
	violations, err := schema.Validate(schema.Edition, doc.Value)
	if err != nil {
		return nil, nil, err
	}
	if len(violations) > 0 {
		return &lint.Target{File: file, Locate: doc.Position, Findings: lint.SchemaFindings(doc, violations)}, nil, nil
	}
	ed, err := mapdata.DecodeNetworkEdition(file, text)
	if err != nil {
		return nil, nil, err
	}
	res, err := network.Build(network.Input{Doc: ed, FS: src.FS, Dir: src.Dir, MaxBytes: g.limit(mapdata.DefaultMaxInput)})
	if err != nil {
		return nil, nil, err
	}
	return &lint.Target{File: file, Network: res.Pack, Locate: res.Locate, Findings: res.Findings}, res, nil
}

// runBuildNetwork is build for a network edition: no board geometry is
// written beside the pack, since the stations' points are in it.
func runBuildNetwork(opts *buildOptions, src *editionSource) error {
	target, res, err := buildNetworkEdition(src, opts.Global)
	if err != nil {
		return err
	}
	cfg, err := lint.FindConfig(opts.Edition)
	if src.Bundled || err != nil {
		cfg = nil
	}
	findings := cfg.Apply(lint.Check(target))
	for _, f := range findings {
		fmt.Fprintln(opts.IO.ErrOut, f.String())
	}
	s := lint.Summarize(1, findings)
	if res == nil || s.Errors > 0 {
		fmt.Fprintf(opts.IO.ErrOut, "%s: %d error(s), %d warning(s): no pack written\n", src.Dir, s.Errors, s.Warnings)
		return errNo
	}
	p := res.Pack
	out := opts.Output
	if out == "" {
		out = mapdata.PackFileName(p.Edition.ID)
	}
	if err := mapdata.WriteNetworkPack(out, p); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.ErrOut, "%s: %d stations, %d routes; %d station tokens; %d companies, %d company cards; %d passenger and %d freight tickets; %d warning(s) -> %s\n",
		p.Edition.ID, len(p.Stations), len(p.Routes), p.TokenTotal(), len(p.Companies), p.CompanyCards(), len(p.Passenger), len(p.Freight),
		s.Warnings, filepath.ToSlash(out))
	return nil
}
