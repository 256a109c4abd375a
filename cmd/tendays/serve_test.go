package main

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tendays/tendays/editions"
)

// copyBundled copies a bundled edition into a new folder.
func copyBundled(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	sub, err := fs.Sub(editions.FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(dir, sub); err != nil {
		t.Fatal(err)
	}
	return dir
}

func postJSON(t *testing.T, url, body string) (int, map[string]any) {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, out
}

// The doctor in the studio: its report, a proposal tried in memory, then
// applied to edition.yaml (with --allow-edit), which the studio rebuilds.
func TestServeDoctorTryAndApply(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the doctor plays thousands of games")
	}
	dir := copyBundled(t, "usa")
	url := startServe(t, dir, true)
	res, err := http.Get(url + "api/doctor")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Report struct {
			Proposals []struct{ ID, Title string } `json:"proposals"`
			Charts    []struct{ ID string }        `json:"charts"`
		} `json:"report"`
	}
	err = json.NewDecoder(res.Body).Decode(&doc)
	res.Body.Close()
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET /api/doctor: %d %v", res.StatusCode, err)
	}
	if len(doc.Report.Proposals) == 0 || len(doc.Report.Charts) < 3 {
		t.Fatalf("the doctor on usa: %+v", doc.Report)
	}
	p := doc.Report.Proposals[0]
	before, _ := os.ReadFile(filepath.Join(dir, "edition.yaml"))

	code, out := postJSON(t, url+"api/doctor/try", `{"proposals": ["`+p.ID+`"]}`)
	if code != 200 || !strings.Contains(out["report"].(map[string]any)["summary"].(string), "Rebuilt in memory") {
		t.Fatalf("try %s: %d %v", p.ID, code, out)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "edition.yaml")); string(now) != string(before) {
		t.Fatal("trying a proposal wrote edition.yaml")
	}
	code, out = postJSON(t, url+"api/doctor/apply", `{"proposals": ["`+p.ID+`"]}`)
	if code != 200 {
		t.Fatalf("apply %s: %d %v", p.ID, code, out)
	}
	after, _ := os.ReadFile(filepath.Join(dir, "edition.yaml"))
	if string(after) == string(before) {
		t.Fatalf("applying %q left edition.yaml as it was", p.Title)
	}
	if out["version"].(float64) < 2 {
		t.Errorf("no rebuild after the apply: %v", out)
	}
	// The file changed since the last diagnosis: applying again is refused
	// (409 Conflict, issue 26).
	code, out = postJSON(t, url+"api/doctor/apply", `{"proposals": ["`+p.ID+`"]}`)
	if code != http.StatusConflict || !strings.Contains(out["error"].(string), "run the doctor again") {
		t.Errorf("a second apply on a changed file: %d %v", code, out)
	}
}
