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

// stallingIran is init's Iran edition from the bundled states and provinces
// (31 regions) with one card per region and 20 cars, as an edition stands
// before init sized its deck: most of its games stall, so --fix has to work.
func stallingIran(tb testing.TB) advise.Input {
	tb.Helper()
	layer, _, err := borders.Decode("admin1", editions.Admin1(), borders.Options{IDProperty: "name"})
	if err != nil {
		tb.Fatal(err)
	}
	res, err := starter.Select(layer.Features, starter.Selection{Where: []starter.Cond{{Property: "country", Value: "IR"}}})
	if err != nil {
		tb.Fatal(err)
	}
	src, err := starter.Subset(layer.Features, res)
	if err != nil {
		tb.Fatal(err)
	}
	spec := starter.Spec{ID: "iran", Name: "10 Days in Iran", Folder: "iran", BordersFile: "borders.geojson", NameProperty: "name",
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
	if len(spec.Regions) < 30 {
		tb.Fatalf("%d regions, want 30 or more", len(spec.Regions))
	}
	text := starter.Write(spec)
	text = regexp.MustCompile(`\ncopies:\n(  .*\n)+`).ReplaceAll(text, []byte("\n"))
	text = regexp.MustCompile(`automobile: \{count: \d+\}`).ReplaceAll(text, []byte("automobile: {count: 10}"))
	text = regexp.MustCompile(`airplane: \{per_color: \d+\}`).ReplaceAll(text, []byte("airplane: {per_color: 1}"))
	in, err := advise.FromFS(fstest.MapFS{"edition.yaml": {Data: text}, "borders.geojson": {Data: src}}, "iran", 0)
	if err != nil {
		tb.Fatal(err)
	}
	return in
}

// BenchmarkFix30: doctor --fix with its default options (2,000 games a
// measure) on a 31-region edition whose deck is too thin. The issue asks
// for under 60 s on the 2-core machine. cpu-s/op is user and system CPU;
// wall time (ns/op) depends on the machine's load.
func BenchmarkFix30(b *testing.B) {
	in := stallingIran(b)
	cpu, n := cpuTime(), 0
	defer func() { b.ReportMetric(float64(cpuTime()-cpu)/float64(max(n, 1))/1e9, "cpu-s/op") }()
	for b.Loop() {
		n++
		rep, err := advise.Fix(context.Background(), in, advise.Options{}, advise.Goals{})
		if err != nil {
			b.Fatal(err)
		}
		if rep.Before.StalledRate < advise.StalledThreshold || !rep.Met {
			b.Fatalf("before %.1f%% stalled; after %d step(s) met %v (%v)", 100*rep.Before.StalledRate, len(rep.Steps), rep.Met, rep.Unmet)
		}
		b.ReportMetric(float64(len(rep.Steps)), "steps")
		b.ReportMetric(100*rep.Before.StalledRate, "stalled-before-%")
		b.ReportMetric(100*rep.After.StalledRate, "stalled-after-%")
	}
}
