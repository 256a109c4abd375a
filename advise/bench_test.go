package advise_test

import (
	"context"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/starter"
	"github.com/tendays/tendays/editions"
)

// stallingWesternAsia is init's Western Asia edition (19 regions) with one
// card per region and 20 cars: most of its games stall, the doctor's
// costliest case (a stalled game plays to the turn cap).
func stallingWesternAsia(tb testing.TB) advise.Input {
	tb.Helper()
	layer, _, err := borders.Decode("world", editions.World(), borders.Options{IDProperty: "name"})
	if err != nil {
		tb.Fatal(err)
	}
	res, err := starter.Select(layer.Features, starter.Selection{Where: []starter.Cond{{Property: "subregion", Value: "Western Asia"}}})
	if err != nil {
		tb.Fatal(err)
	}
	src, err := starter.Subset(layer.Features, res)
	if err != nil {
		tb.Fatal(err)
	}
	spec := starter.Spec{ID: "wa", Name: "10 Days in Western Asia", Folder: "wa", BordersFile: "borders.geojson", NameProperty: "name",
		IDs: starter.IDs(layer.Features, res.Kept, ""), Borders: starter.BorderNames(layer.Features, res)}
	for _, i := range res.Kept {
		spec.Regions = append(spec.Regions, layer.Features[i].ID)
	}
	for _, i := range res.Touching {
		spec.Omit = append(spec.Omit, layer.Features[i].ID)
	}
	for _, i := range res.Isolated {
		spec.AirOnly = append(spec.AirOnly, layer.Features[i].ID)
	}
	text := starter.Write(spec)
	text = regexp.MustCompile(`\ncopies:\n(  .*\n)+`).ReplaceAll(text, []byte("\n"))
	text = regexp.MustCompile(`automobile: \{count: \d+\}`).ReplaceAll(text, []byte("automobile: {count: 20}"))
	in, err := advise.FromFS(fstest.MapFS{"edition.yaml": {Data: text}, "borders.geojson": {Data: src}}, "wa", 0)
	if err != nil {
		tb.Fatal(err)
	}
	return in
}

// BenchmarkDoctorStalling: the doctor with its default options on an
// edition whose games mostly stall (the issue saw 18.9 s of CPU on 19
// regions; this edition took 34.6 s before the evidence stopped early).
// cpu-s/op is user and system CPU: the machine is shared, wall time says
// little.
func BenchmarkDoctorStalling(b *testing.B) {
	in := stallingWesternAsia(b)
	cpu, n := cpuTime(), 0
	defer func() { b.ReportMetric(float64(cpuTime()-cpu)/float64(max(n, 1))/1e9, "cpu-s/op") }()
	for b.Loop() {
		n++
		rep, err := advise.Diagnose(context.Background(), in, advise.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if rep.Figures.StalledRate < 0.5 {
			b.Fatalf("the fixture should stall: %+v", rep.Figures)
		}
	}
}
