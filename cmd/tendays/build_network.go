package main

import (
	"bytes"

	"github.com/tendays/tendays/derive/network"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// isNetworkEdition reports whether an edition's kind is network. An edition
// that cannot be read is not: the regions path reports why.
func isNetworkEdition(src *editionSource, g *globalOptions) bool {
	_, _, doc, err := readEdition(src, g)
	return err == nil && mapdata.PackKind(doc) == mapdata.KindNetwork
}

// buildNetworkEdition reads, checks and derives a network edition, as
// buildEdition does a regions one.
func buildNetworkEdition(src *editionSource, g *globalOptions) (*lint.Target, *network.Result, error) {
	file, text, doc, err := readEdition(src, g)
	if err != nil {
		return nil, nil, err
	}
	if t, err := schemaTarget(file, doc); t != nil || err != nil {
		return t, nil, err
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
	s, err := reportBuild(opts, src, target, res != nil)
	if err != nil {
		return err
	}
	p := res.Pack
	out, stdout, err := atomicfile.Dest(opts.Output, mapdata.PackFileName(p.Edition.ID))
	if err != nil {
		return err
	}
	if out == "" && !stdout {
		out = mapdata.PackFileName(p.Edition.ID)
	}
	var data bytes.Buffer
	if err := mapdata.EncodeNetworkPack(&data, p); err != nil {
		return err
	}
	if err := checkWritten(opts.Global, out, stdout, data.Bytes(), opts.IO); err != nil {
		return err
	}
	if err := checkClobber([]string{out}, editionInputs(src, p.Provenance.Inputs)); err != nil {
		return err
	}
	if err := atomicfile.WriteDest(opts.Output, out, stdout, opts.IO.Out, 0o644, writeBytes(data.Bytes())); err != nil {
		return err
	}
	if r := opts.report; r != nil {
		r.Edition, r.Written = p.Edition.ID, []string{outputName(out, stdout)}
		r.Counts = map[string]int{"stations": len(p.Stations), "routes": len(p.Routes), "stationTokens": p.TokenTotal(),
			"companies": len(p.Companies), "companyCards": p.CompanyCards(), "passengerTickets": len(p.Passenger), "freightTickets": len(p.Freight)}
		return nil
	}
	opts.Global.notef(opts.IO.ErrOut, "%s: %d stations, %d routes; %d station tokens; %d companies, %d company cards; %d passenger and %d freight tickets; %d warning(s) -> %s\n",
		p.Edition.ID, len(p.Stations), len(p.Routes), p.TokenTotal(), len(p.Companies), p.CompanyCards(), len(p.Passenger), len(p.Freight),
		s.Warnings, outputName(out, stdout))
	return nil
}
