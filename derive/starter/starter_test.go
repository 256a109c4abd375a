package starter_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/starter"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
	"github.com/tendays/tendays/schema"
)

// grid is a row of unit squares named as given, with a property each.
func grid(names []string, props func(i int) map[string]any) []byte {
	var fs []string
	for i, n := range names {
		p := map[string]any{"name": n}
		for k, v := range props(i) {
			p[k] = v
		}
		pj, _ := json.Marshal(p)
		x := float64(i)
		fs = append(fs, fmt.Sprintf(`{"type":"Feature","properties":%s,"geometry":{"type":"Polygon","coordinates":[[[%g,0],[%g,0],[%g,1],[%g,1],[%g,0]]]}}`,
			pj, x, x+1, x+1, x, x))
	}
	return []byte(`{"type":"FeatureCollection","features":[` + strings.Join(fs, ",") + "]}")
}

func decode(t *testing.T, src []byte) *borders.Layer {
	t.Helper()
	layer, _, err := borders.Decode("b.geojson", src, borders.Options{IDProperty: "name"})
	if err != nil {
		t.Fatal(err)
	}
	return layer
}

func TestSelectKeepsTouchingAsLand(t *testing.T) {
	names := []string{"A", "B", "C", "D", "E"}
	layer := decode(t, grid(names, func(i int) map[string]any { return map[string]any{"zone": []string{"x", "x", "y", "y", "z"}[i]} }))
	res, err := starter.Select(layer.Features, starter.Selection{Where: []starter.Cond{{Property: "zone", Value: "Y"}}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Kept, []int{2, 3}) || !slices.Equal(res.Touching, []int{1, 4}) {
		t.Fatalf("kept %v touching %v, want [2 3] and [1 4]", res.Kept, res.Touching)
	}
	// Two values of one property are alternatives.
	res, _ = starter.Select(layer.Features, starter.Selection{Where: []starter.Cond{{"zone", "x"}, {"zone", "z"}}})
	if !slices.Equal(res.Kept, []int{0, 1, 4}) {
		t.Fatalf("kept %v, want [0 1 4]", res.Kept)
	}
	box := orb.Bound{Min: orb.Point{0.9, -1}, Max: orb.Point{3.2, 2}}
	res, _ = starter.Select(layer.Features, starter.Selection{BBox: &box})
	if !slices.Equal(res.Kept, []int{1, 2}) {
		t.Fatalf("bbox kept %v, want [1 2] (D is only 20%% inside)", res.Kept)
	}
	if _, err := starter.Select(layer.Features, starter.Selection{Only: []string{"A", "Bee"}}); err == nil || !strings.Contains(err.Error(), `did you mean "B"`) {
		t.Fatalf("unknown --only: %v", err)
	}
	if _, err := starter.Select(layer.Features, starter.Selection{Where: []starter.Cond{{"zones", "x"}}}); err == nil || !strings.Contains(err.Error(), `"zone"`) {
		t.Fatalf("unknown property: %v", err)
	}
}

func TestIDsShortAndUnique(t *testing.T) {
	names := []string{"Kosovo", "Korea", "United Kingdom", "Utopia Kingdom", "Kosovo Two"}
	layer := decode(t, grid(names, func(i int) map[string]any { return map[string]any{"iso_a2": []string{"", "KR", "GB", "", "-99"}[i]} }))
	ids := starter.IDs(layer.Features, []int{0, 1, 2, 3, 4}, "")
	want := map[string]string{"Kosovo": "KOS", "Korea": "KR", "United Kingdom": "GB", "Utopia Kingdom": "UK", "Kosovo Two": "KT"}
	for k, v := range want {
		if ids[k] != v {
			t.Errorf("id of %s = %q, want %q (all: %v)", k, ids[k], v, ids)
		}
	}
}

// Issue 12, class 15: init writes YAML that build reads back, whatever the
// data's names (those a pack can hold: a newline or a tab in a name is
// refused, by init and by derive, issue 26).
func TestAwkwardNamesRoundTrip(t *testing.T) {
	names := []string{".inf", "yes", "No", "null", "~", " leading", "trailing ", "new line", `say "hi"`, "it's", "a: b", "#hash",
		"012", "0x1F", "-", "[x]", "{y}", "*star", "&amp", "!bang", "%pc", "@at", "`tick", "|pipe", ">gt", "Côte d'Ivoire", "tab in", "?q", "true", "1e3"}
	src := grid(names, func(int) map[string]any { return nil })
	layer := decode(t, src)
	res, err := starter.Select(layer.Features, starter.Selection{})
	if err != nil {
		t.Fatal(err)
	}
	spec := starter.Spec{ID: "awkward", Name: "10 Days in: \"Awkward\"", Folder: "awk\nward", BordersFile: "b.geojson", NameProperty: "name",
		Source: "b.geojson", Selection: "every\nfeature", Omit: []string{names[0]}}
	for _, i := range res.Kept[1:] {
		spec.Regions = append(spec.Regions, layer.Features[i].ID)
	}
	spec.IDs = starter.IDs(layer.Features, res.Kept[1:], "")
	spec.Names = map[string]string{"yes": "no", ".inf": ".nan"}
	text := starter.Write(spec)
	doc, err := mapdata.DecodeEdition("edition.yaml", text)
	if err != nil {
		t.Fatalf("does not read back: %v\n%s", err, text)
	}
	if vs, err := schema.Validate(schema.Edition, doc.Value); err != nil || len(vs) > 0 {
		t.Fatalf("schema: %v %v\n%s", err, vs, text)
	}
	if doc.Edition.Name != spec.Name || !slices.Equal(doc.Edition.Regions.Omit, spec.Omit) {
		t.Fatalf("name %q omit %q", doc.Edition.Name, doc.Edition.Regions.Omit)
	}
	built, err := derive.Build(derive.Input{Doc: doc, FS: fstest.MapFS{"b.geojson": {Data: src}}, Dir: "awkward"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range built.Findings {
		if f.Severity == diag.Error {
			t.Errorf("%s", f)
		}
	}
	got := map[string]string{}
	for _, r := range built.Pack.Regions {
		got[r.ID] = r.Name
	}
	if len(got) != len(names)-1 {
		t.Fatalf("%d regions, want %d: %v", len(got), len(names)-1, got)
	}
	for _, n := range names[1:] {
		want := n
		if n == "yes" {
			want = "no"
		}
		if got[spec.IDs[n]] != want {
			t.Errorf("region %q: id %q has name %q", n, spec.IDs[n], got[spec.IDs[n]])
		}
	}
}

// The world borders: South America selects by continent, with the land
// that touches it (French Guiana is France's) kept as omitted land.
func TestWorldSouthAmerica(t *testing.T) {
	layer, _, err := borders.Decode("world", editions.World(), borders.Options{IDProperty: "name"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := starter.Select(layer.Features, starter.Selection{Where: []starter.Cond{{"continent", "south america"}}})
	if err != nil {
		t.Fatal(err)
	}
	var kept, touching []string
	for _, i := range res.Kept {
		kept = append(kept, layer.Features[i].ID)
	}
	for _, i := range res.Touching {
		touching = append(touching, layer.Features[i].ID)
	}
	if len(kept) != 14 || !slices.Contains(kept, "Brazil") || !slices.Equal(touching, []string{"France", "Panama"}) {
		t.Fatalf("kept %v, touching %v", kept, touching)
	}
}

// Islands of a selection (the Falklands and South Georgia) border no other
// kept region: Select names them, and Write marks them air-only with a
// comment on how to reach one by ferry instead, so the edition builds
// with no regions/air-only-unmarked warning.
func TestIslandsMarkedAirOnly(t *testing.T) {
	layer, _, err := borders.Decode("world", editions.World(), borders.Options{IDProperty: "name"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := starter.Select(layer.Features, starter.Selection{Where: []starter.Cond{{"subregion", "South America"}}})
	if err != nil {
		t.Fatal(err)
	}
	var isolated []string
	for _, i := range res.Isolated {
		isolated = append(isolated, layer.Features[i].ID)
	}
	if !slices.Equal(isolated, []string{"Falkland Is.", "S. Geo. and the Is."}) {
		t.Fatalf("isolated %v", isolated)
	}
	src, err := starter.Subset(layer.Features, res)
	if err != nil {
		t.Fatal(err)
	}
	spec := starter.Spec{ID: "sa", Name: "10 Days in South America", Folder: "sa", BordersFile: "b.geojson", NameProperty: "name",
		AirOnly: isolated, Borders: starter.BorderNames(layer.Features, res)}
	for _, i := range res.Kept {
		spec.Regions = append(spec.Regions, layer.Features[i].ID)
	}
	for _, i := range res.Touching {
		spec.Omit = append(spec.Omit, layer.Features[i].ID)
	}
	text := starter.Write(spec)
	if !strings.Contains(string(text), "# init marked these air-only") || !strings.Contains(string(text), "kind: ferry") {
		t.Errorf("no comment on the air-only regions:\n%s", text)
	}
	doc, err := mapdata.DecodeEdition("edition.yaml", text)
	if err != nil {
		t.Fatal(err)
	}
	built, err := derive.Build(derive.Input{Doc: doc, FS: fstest.MapFS{"b.geojson": {Data: src}}, Dir: "sa"})
	if err != nil {
		t.Fatal(err)
	}
	findings := pipeline.LintRules().Check(&lint.Target{File: "sa/edition.yaml", Pack: built.Pack, Findings: built.Findings})
	for _, f := range findings {
		if f.Severity >= diag.Warning {
			t.Errorf("%s", f)
		}
	}
}

// States and provinces: iso_a2 is the country's code, the same for every
// feature, so it is never taken; the ISO 3166-2 code loses its country
// prefix; where ISO codes repeat (Ireland's IE-D for four Dublin units),
// the next property that does not repeat is taken.
func TestIDsNeverFromARepeatingProperty(t *testing.T) {
	names := []string{"Pará", "Paraná", "Paraíba", "Bahia"}
	layer := decode(t, grid(names, func(i int) map[string]any {
		return map[string]any{"iso_a2": "BR", "iso_3166_2": []string{"BR-PA", "BR-PR", "BR-PB", "BR-BA"}[i],
			"postal": []string{"PA", "PR", "PB", "BA"}[i]}
	}))
	c := starter.ChooseIDs(layer.Features, []int{0, 1, 2, 3}, "")
	want := map[string]string{"Pará": "PA", "Paraná": "PR", "Paraíba": "PB", "Bahia": "BA"}
	for k, v := range want {
		if c.IDs[k] != v {
			t.Errorf("id of %s = %q, want %q", k, c.IDs[k], v)
		}
	}
	if c.Property != "iso_3166_2" || !c.Suffix || !strings.Contains(c.Describe(), "iso_3166_2 without its country prefix") {
		t.Errorf("chose %q (suffix %v): %s", c.Property, c.Suffix, c.Describe())
	}

	dublin := []string{"Dublin", "Fingal", "South Dublin", "Cork"}
	layer = decode(t, grid(dublin, func(i int) map[string]any {
		return map[string]any{"iso_a2": "IE", "iso_3166_2": []string{"IE-D", "IE-D", "IE-D", "IE-CO"}[i],
			"hasc": []string{"IE.DB", "IE.FG", "IE.SD", "IE.CK"}[i]}
	}))
	c = starter.ChooseIDs(layer.Features, []int{0, 1, 2, 3}, "")
	if c.Property != "hasc" || c.IDs["Fingal"] != "FG" || c.IDs["Cork"] != "CK" {
		t.Errorf("chose %q: %v", c.Property, c.IDs)
	}

	// Nothing serves: ids from the names, and the comment says so.
	layer = decode(t, grid([]string{"Norte", "Sur"}, func(i int) map[string]any { return map[string]any{"iso_a2": "XX"} }))
	c = starter.ChooseIDs(layer.Features, []int{0, 1}, "")
	if c.Property != "" || c.IDs["Norte"] != "NOR" || !strings.Contains(c.Describe(), "from the names") {
		t.Errorf("chose %q: %v (%s)", c.Property, c.IDs, c.Describe())
	}
}

func TestLabelsAndCommon(t *testing.T) {
	layer := decode(t, grid([]string{"Cork (City)", "Cork (County)", "Kerry"}, func(i int) map[string]any {
		return map[string]any{"label": []string{"Cork", "Cork", "Kerry"}[i], "country_name": "Ireland"}
	}))
	got := starter.Labels(layer.Features, []int{0, 2}, "label")
	if len(got) != 1 || got["Cork (City)"] != "Cork" {
		t.Errorf("labels of Cork (City) and Kerry: %v", got)
	}
	if got := starter.Labels(layer.Features, []int{0, 1}, "label"); len(got) != 0 {
		t.Errorf("two Corks kept: no label may name both, got %v", got)
	}
	if c := starter.Common(layer.Features, []int{0, 1, 2}, "country_name"); c != "Ireland" {
		t.Errorf("common country %q", c)
	}
}

// A selection of islands (Polynesia: eight, none bordering another): no
// journey could be walked, so init joins them with the fewest and shortest
// ferries (every island reached) and puts them all on a sea with ship
// cards; the edition builds with no warning.
func TestIslandsJoinedByFerriesAndASea(t *testing.T) {
	layer, _, err := borders.Decode("world", editions.World(), borders.Options{IDProperty: "name"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := starter.Select(layer.Features, starter.Selection{Where: []starter.Cond{{"subregion", "Polynesia"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Kept) != 8 || len(res.Isolated) != 8 {
		t.Fatalf("kept %d, isolated %d", len(res.Kept), len(res.Isolated))
	}
	ferries := starter.IslandFerries(layer.Features, res)
	if len(ferries) != 7 {
		t.Fatalf("%d ferries for 8 islands, want 7 (a tree): %v", len(ferries), ferries)
	}
	reached := map[string]bool{}
	for _, f := range ferries {
		reached[f.A], reached[f.B] = true, true
		if f.Km <= 0 || f.Km > 2000 {
			t.Errorf("ferry %v", f)
		}
	}
	if len(reached) != 8 {
		t.Errorf("the ferries reach %d islands of 8", len(reached))
	}
	sea := starter.SeaFor(layer.Features, res, "10 Days in Polynesia")
	if sea == nil || len(sea.Regions) != 8 || sea.Name != "The sea of Polynesia" {
		t.Fatalf("sea %+v", sea)
	}
	src, err := starter.Subset(layer.Features, res)
	if err != nil {
		t.Fatal(err)
	}
	spec := starter.Spec{ID: "pol", Name: "10 Days in Polynesia", Folder: "pol", BordersFile: "b.geojson", NameProperty: "name",
		Borders: starter.BorderNames(layer.Features, res), Sea: sea, Ferries: ferries}
	for _, i := range res.Kept {
		spec.Regions = append(spec.Regions, layer.Features[i].ID)
	}
	text := starter.Write(spec)
	doc, err := mapdata.DecodeEdition("edition.yaml", text)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	built, err := derive.Build(derive.Input{Doc: doc, FS: fstest.MapFS{"b.geojson": {Data: src}}, Dir: "pol"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range pipeline.LintRules().Check(&lint.Target{File: "pol/edition.yaml", Pack: built.Pack, Findings: built.Findings}) {
		if f.Severity >= diag.Warning {
			t.Errorf("%s", f)
		}
	}
	ships := 0
	for _, c := range built.Pack.Deck.Cards {
		if c.Kind == mapdata.ShipCard {
			ships += c.Count
		}
	}
	if ships < starter.MinShips {
		t.Errorf("%d ship cards", ships)
	}
}

// The first line of the edition names its schema for editors that read
// the yaml-language-server modeline (VS Code's YAML extension, and others
// built on yaml-language-server); the URL is the schema's $id, published.
func TestWriteNamesTheSchemaFirst(t *testing.T) {
	text := string(starter.Write(starter.Spec{ID: "x", Name: "X", Folder: "x", BordersFile: "b.geojson", Source: "b.geojson", Regions: []string{"A", "B"}}))
	first, _, _ := strings.Cut(text, "\n")
	if want := "# yaml-language-server: $schema=" + schema.ID(schema.Edition); first != want {
		t.Fatalf("first line %q, want %q", first, want)
	}
}

// init fills regions.translations: the world borders from each country's
// ISO code, any borders from Natural Earth's name_xx properties; the names
// read back from the YAML init writes.
func TestTranslationsFromWorldAndNameProperties(t *testing.T) {
	layer, _, err := borders.Decode("world", editions.World(), borders.Options{IDProperty: "name"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := starter.Select(layer.Features, starter.Selection{Where: []starter.Cond{{"subregion", "western europe"}}})
	if err != nil {
		t.Fatal(err)
	}
	tr := starter.Translations(layer.Features, res.Kept, true)
	if tr["Germany"]["de"] != "Deutschland" || tr["France"]["de"] != "Frankreich" || tr["Germany"]["ja"] != "ドイツ" {
		t.Fatalf("Germany %v, France %v", tr["Germany"], tr["France"])
	}
	features := []borders.Feature{{ID: "Côte d'Ivoire", Properties: map[string]any{"name_fr": "Côte d'Ivoire", "name_zh": "科特迪瓦", "name_de": "\u202eevil", "name": "x"}}}
	tr = starter.Translations(features, []int{0}, false)
	if tr["Côte d'Ivoire"]["zh"] != "科特迪瓦" || tr["Côte d'Ivoire"]["fr"] != "Côte d'Ivoire" {
		t.Fatalf("name_xx: %v", tr)
	}
	if _, ok := tr["Côte d'Ivoire"]["de"]; ok {
		t.Errorf("a name with a bidi override is left out")
	}
	spec := starter.Spec{ID: "x", Name: "X", Folder: "x", BordersFile: "b.geojson", Regions: []string{"A: b", "C"},
		Translations: map[string]map[string]string{"A: b": {"ar": "أ: ب", "ja": "\"引用\""}}}
	doc, err := mapdata.DecodeEdition("edition.yaml", starter.Write(spec))
	if err != nil {
		t.Fatal(err)
	}
	if got := doc.Edition.Regions.Translations["A: b"]; got["ar"] != "أ: ب" || got["ja"] != "\"引用\"" {
		t.Errorf("read back %v", got)
	}
}
