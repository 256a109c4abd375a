package advise_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/derive/starter"
)

// Apply on the edition.yaml init writes: a new top-level key (air_only,
// copies) takes the place of init's template comment for it, not the end
// of the file, and a raised car count leaves no comment that still states
// the old sizing as the current one.
func TestApplyOnInitTemplate(t *testing.T) {
	regions := []string{"Bahrain", "Qatar", "Oman", "Yemen", "Saudi Arabia"}
	spec := starter.Spec{ID: "gulf", Name: "10 Days in the Gulf", Folder: "gulf", BordersFile: "borders.geojson",
		NameProperty: "name", Regions: regions}
	for i := range 40 {
		spec.Regions = append(spec.Regions, "Region "+string(rune('A'+i%26))+string(rune('a'+i/26)))
	}
	text := starter.Write(spec)
	if !strings.Contains(string(text), "\n# air_only: []") || !strings.Contains(string(text), "\n# copies: {Region: 2}") {
		t.Fatalf("init's template changed; this test wants its commented air_only and copies:\n%s", text)
	}
	props := []advise.Proposal{
		{ID: 1, Edit: "mark Bahrain air-only", Changes: []advise.Change{{Op: "append", Path: []string{"air_only"}, Value: "Bahrain"}}},
		{ID: 2, Edit: "raise cars", Changes: []advise.Change{{Op: "set", Path: []string{"transports", "automobile", "count"}, Value: 30}}},
		{ID: 3, Edit: "second cards", Changes: []advise.Change{{Op: "set", Path: []string{"copies", "Qatar"}, Value: 2},
			{Op: "set", Path: []string{"copies", "Oman"}, Value: 2}}},
	}
	out, err := advise.Apply(text, props)
	if err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "template", "edition.applied.yaml")
	if *update {
		if err := os.WriteFile(golden, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(want) {
		t.Errorf("Apply wrote (go test -update to accept):\n%s", out)
	}
	s := string(out)
	for _, gone := range []string{"# air_only: []", "# copies: {Region: 2}"} {
		if strings.Contains(s, gone) {
			t.Errorf("the template comment %q stays beside the real key", gone)
		}
	}
	if i, j := strings.Index(s, "air_only: [Bahrain]"), strings.Index(s, "\ncolors:"); i < 0 || j < i {
		t.Errorf("air_only not where its template comment was (before colors:)")
	}
	if i, j := strings.Index(s, "copies: {Qatar: 2, Oman: 2}"), strings.Index(s, "\nlinks:"); i < 0 || j < i {
		t.Errorf("copies not where its template comment was (before links:)")
	}
	if strings.Count(s, "\nair_only:") != 1 || strings.Count(s, "\ncopies:") != 1 {
		t.Errorf("a key written twice")
	}
	if !strings.Contains(s, "automobile: {count: 30}     # init chose ") {
		t.Errorf("the car count's comment must say it was init's choice")
	}
}
