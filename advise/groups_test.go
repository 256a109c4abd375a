package advise

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/geojson"

	"github.com/tendays/tendays/mapdata"
)

// square is a box w degrees wide at (x, y).
func square(x, y, w float64) orb.Polygon {
	return orb.Polygon{{{x, y}, {x + w, y}, {x + w, y + w}, {x, y + w}, {x, y}}}
}

// Two groups of three linked regions each, one twice as large: the larger
// is the main group and the other is cut off, whatever the regions' order;
// with no board to measure them, neither is.
func TestMainGroupTieBrokenByArea(t *testing.T) {
	for _, smallFirst := range []bool{true, false} {
		ids := []string{"S1", "S2", "S3", "L1", "L2", "L3"}
		if !smallFirst {
			ids = []string{"L1", "L2", "L3", "S1", "S2", "S3"}
		}
		p := &mapdata.Pack{}
		board := geojson.NewFeatureCollection()
		for _, id := range ids {
			p.Regions = append(p.Regions, mapdata.Region{ID: id, Name: id})
			w, x := 1.0, 10.0
			if id[0] == 'L' {
				w, x = 2, 0
			}
			f := geojson.NewFeature(square(x+w*float64(id[1]-'1'), 0, w))
			f.Properties = geojson.Properties{"layer": mapdata.LayerRegion, "id": id}
			board.Append(f)
		}
		p.Links = []mapdata.Link{{A: "S1", B: "S2", Kind: mapdata.Border}, {A: "S2", B: "S3", Kind: mapdata.Border},
			{A: "L1", B: "L2", Kind: mapdata.Border}, {A: "L2", B: "L3", Kind: mapdata.Border}}
		if got := planeOnly(p, board); !slices.Equal(got, []string{"S1", "S2", "S3"}) {
			t.Errorf("small first %v: plane-only %v, want the small group", smallFirst, got)
		}
		if got := planeOnly(p, nil); len(got) != 0 {
			t.Errorf("no board: plane-only %v, want none (a tie with nothing to break it)", got)
		}
	}
}

// islandEdition is three shores in a row and an island dx degrees east of
// the last, with extra YAML.
func islandEdition(dx float64, extra string) fstest.MapFS {
	var fs []string
	add := func(name string, p orb.Polygon) {
		fs = append(fs, fmt.Sprintf(`{"type":"Feature","properties":{"name":%q},"geometry":{"type":"Polygon","coordinates":[[[%g,%g],[%g,%g],[%g,%g],[%g,%g],[%g,%g]]]}}`,
			name, p[0][0][0], p[0][0][1], p[0][1][0], p[0][1][1], p[0][2][0], p[0][2][1], p[0][3][0], p[0][3][1], p[0][0][0], p[0][0][1]))
	}
	add("West", square(0, 0, 1))
	add("Mid", square(1, 0, 1))
	add("East", square(2, 0, 1))
	add("Isle", square(3+dx, 0, 0.5))
	yaml := "id: isles\nname: 3 Days among Isles\ndays: 3\nborders: {file: b.geojson, id: name}\ncolors: {palette: [red, blue]}\n" +
		"transports:\n  airplane: {per_color: 4}\n  automobile: {count: 4}\n" + extra
	return fstest.MapFS{"edition.yaml": {Data: []byte(yaml)}, "b.geojson": {Data: []byte(`{"type":"FeatureCollection","features":[` + strings.Join(fs, ",") + "]}")}}
}

func planeOnlyProposals(t *testing.T, fsys fstest.MapFS) (Finding, []Proposal) {
	t.Helper()
	in, err := FromFS(fsys, "isles", 0)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Diagnose(context.Background(), in, Options{Games: 60, MeasureGames: 30, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Findings {
		if f.Kind == "cut-off" && f.Subject == "Isle" {
			var ps []Proposal
			for _, id := range f.Proposals {
				ps = append(ps, rep.Proposals[id-1])
			}
			return f, ps
		}
	}
	t.Fatalf("no cut-off finding for Isle: %+v", rep.Findings)
	return Finding{}, nil
}

// A ferry goes only as far as the edition's own links make normal: an
// island a step offshore gets one; one ten steps out does not, and the
// finding says why.
func TestFerryOnlyWithinANormalDistance(t *testing.T) {
	_, ps := planeOnlyProposals(t, islandEdition(1, ""))
	if len(ps) == 0 || !strings.HasPrefix(ps[0].Edit, "add a ferry Isle (Isle) – East (East)") {
		t.Fatalf("an island one step offshore: %+v", ps)
	}
	_, ps = planeOnlyProposals(t, islandEdition(10, ""))
	for _, p := range ps {
		if strings.Contains(p.Edit, "ferry") {
			t.Errorf("a ferry of 1,100 km proposed: %s", p.Edit)
		}
	}
	// Too far for a ferry, it gets a sea: its coast and the main group's
	// nearest coasts (found on the board), with ship cards.
	if len(ps) == 0 || !strings.HasPrefix(ps[0].Edit, "add a sea sea-isle-east joining the coasts of Isle to the nearest of the main group (East, West)") ||
		len(ps[0].After.PlaneOnly) != 0 {
		t.Fatalf("proposals for a far island: %+v", ps)
	}
	out, err := Apply(islandEdition(10, "")["edition.yaml"].Data, ps[:1])
	if err != nil || !strings.Contains(string(out), "ship: {sea-isle-east: 4}") && !strings.Contains(string(out), "sea-isle-east: 4") {
		t.Errorf("applied: %v\n%s", err, out)
	}
}

// No ferry across a sea that ship cards already cross: the island is on
// the sea, so the nearest coast joins the sea instead.
func TestNoFerryAcrossAShipSea(t *testing.T) {
	sea := "seas:\n  bay:\n    name: The Bay\n    regions: [Isle]\n" // the island alone is on it
	fsys := islandEdition(1, sea)
	fsys["edition.yaml"].Data = []byte(strings.Replace(string(fsys["edition.yaml"].Data), "  automobile: {count: 4}\n",
		"  automobile: {count: 4}\n  ship: {bay: 3}\n", 1))
	_, ps := planeOnlyProposals(t, fsys)
	if len(ps) == 0 || !strings.HasPrefix(ps[0].Edit, "put East (East) on the sea bay") {
		t.Fatalf("proposals: %+v", ps)
	}
	for _, p := range ps {
		if strings.Contains(p.Edit, "ferry") {
			t.Errorf("a ferry across the bay: %s", p.Edit)
		}
	}
	if c := ps[0].Changes[0]; c.Op != "append" || strings.Join(c.Path, ".") != "seas.bay.add" || c.Value != "East" {
		t.Errorf("change %+v", c)
	}
}

// The same edition and seed give the same bytes; another seed gives the
// same proposals in the same order (their verdicts follow significance,
// and a crossing's rank its length).
func TestRankingStableAcrossSeeds(t *testing.T) {
	in, err := FromFolder("testdata/island")
	if err != nil {
		t.Fatal(err)
	}
	run := func(seed uint64) *Report {
		rep, err := Diagnose(context.Background(), in, Options{Games: 300, MeasureGames: 120, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	a, again, b := run(1), run(1), run(2)
	ja, _ := json.Marshal(a)
	jagain, _ := json.Marshal(again)
	if string(ja) != string(jagain) {
		t.Fatal("the same seed gave two reports")
	}
	order := func(r *Report) []string {
		var out []string
		for _, p := range r.Proposals {
			out = append(out, p.Edit)
		}
		return out
	}
	if len(a.Proposals) < 2 || !slices.Equal(order(a), order(b)) {
		t.Fatalf("seed 1: %q\nseed 2: %q", order(a), order(b))
	}
	for i, p := range a.Proposals {
		q := b.Proposals[i]
		if p.Paired != nil && q.Paired != nil && p.Paired.Verdict != VerdictNoChange && q.Paired.Verdict != VerdictNoChange &&
			(p.TradeOff == "") != (q.TradeOff == "") {
			t.Errorf("%s: a significant effect changed class between seeds", p.Edit)
		}
	}
}

// coveredIslesEdition is islandEdition with a group of two islands side by
// side, each 1 degree wide, dx degrees east of the last shore, under an
// omitted feature of the same shape: no point of their coast is theirs
// alone (as none is of Gozo's councils in the bundled admin-1, simplified
// to the three to five points each shares with its neighbours), so no sea
// can be drawn to their coast.
func coveredIslesEdition(dx float64) fstest.MapFS {
	fsys := islandEdition(0, "regions: {omit: [Cover]}\n")
	var b struct {
		Type     string            `json:"type"`
		Features []json.RawMessage `json:"features"`
	}
	if err := json.Unmarshal(fsys["b.geojson"].Data, &b); err != nil {
		panic(err)
	}
	b.Features = b.Features[:3] // the shores
	feature := func(name string, x, w, h float64) json.RawMessage {
		return json.RawMessage(fmt.Sprintf(`{"type":"Feature","properties":{"name":%q},"geometry":{"type":"Polygon","coordinates":[[[%g,0],[%g,0],[%g,%g],[%g,%g],[%g,0]]]}}`,
			name, x, x+w, x+w, h, x, h, x))
	}
	b.Features = append(b.Features, feature("Isle", 3+dx, 1, 1), feature("Islet", 4+dx, 1, 1), feature("Cover", 3+dx, 2, 1))
	data, err := json.Marshal(b)
	if err != nil {
		panic(err)
	}
	fsys["b.geojson"].Data = data
	return fsys
}

// A group of islands that no crossing of the edition's normal length joins
// and no sea can reach gets a ferry across the nearest crossing when it is
// shorter than the group's own span (the toolkit's rule: Gozo, 6 km off
// Malta, its councils 2 km apart), and none when it is longer; the finding
// says which way the rule went.
func TestFerryWithinTheGroupsSpan(t *testing.T) {
	for _, c := range []struct {
		dx    float64
		ferry bool
	}{{2, true}, {3, false}} {
		f, ps := planeOnlyProposals(t, coveredIslesEdition(c.dx))
		var ferries []string
		for _, p := range ps {
			if strings.Contains(p.Edit, "ferry") {
				ferries = append(ferries, p.Edit)
			}
		}
		evidence := strings.Join(f.Evidence, "\n")
		if c.ferry {
			if len(ferries) != 1 || !strings.HasPrefix(ferries[0], "add a ferry Isle (Isle) – East (East)") ||
				!strings.Contains(evidence, "shorter than the group's own span (249 km), so a ferry is proposed (the toolkit's rule)") {
				t.Errorf("%g degrees off: proposals %+v\nevidence:\n%s", c.dx, ps, evidence)
			}
			continue
		}
		if len(ferries) != 0 || !strings.Contains(evidence, "and than the group's own span (249 km), so no ferry is proposed") {
			t.Errorf("%g degrees off: proposals %+v\nevidence:\n%s", c.dx, ps, evidence)
		}
	}
}
