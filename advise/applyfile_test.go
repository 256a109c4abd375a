package advise_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tendays/tendays/advise"
	"github.com/tendays/tendays/internal/atomicfile"
)

// copyLonely copies the lonely fixture into a new folder, edition.yaml
// transformed by edit.
func copyLonely(t *testing.T, edit func(string) string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"edition.yaml", "borders.geojson"} {
		data, err := os.ReadFile(filepath.Join("testdata", "lonely", name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "edition.yaml" {
			data = []byte(edit(string(data)))
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func diagnose(t *testing.T, dir string) (advise.Input, *advise.Report) {
	t.Helper()
	in, err := advise.FromFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := advise.Diagnose(context.Background(), in, advise.Options{Games: 200, MeasureGames: 100, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Proposals) == 0 {
		t.Fatal("the fixture should have proposals")
	}
	return in, rep
}

// TestApplyFileKeepsTheFile: issue 26 class "files keep what they had". A
// CRLF edition.yaml of mode 0600 stays CRLF (no LF line inserted) and
// 0600, its comments kept.
func TestApplyFileKeepsTheFile(t *testing.T) {
	dir := copyLonely(t, func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") })
	path := filepath.Join(dir, "edition.yaml")
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	in, rep := diagnose(t, dir)
	out, err := advise.ApplyFile(dir, in.EditionYAML, rep.Proposals[:1], atomicfile.LockOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != string(out) {
		t.Fatal("ApplyFile returned other text than it wrote")
	}
	if n := strings.Count(string(got), "\n") - strings.Count(string(got), "\r\n"); n != 0 {
		t.Errorf("%d LF line endings in a CRLF file:\n%q", n, got)
	}
	if !strings.Contains(string(got), "# the end\r\n") || string(got) == string(in.EditionYAML) {
		t.Errorf("comments lost, or nothing edited:\n%s", got)
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}

// TestApplyFileNeverLosesASave: an edition.yaml saved after the diagnosis
// read it is never overwritten (ErrChanged); a proposal named twice, or one
// whose edit cannot be made, is refused before anything is written; of
// several applies at once, exactly one writes.
func TestApplyFileNeverLosesASave(t *testing.T) {
	dir := copyLonely(t, func(s string) string { return s })
	path := filepath.Join(dir, "edition.yaml")
	in, rep := diagnose(t, dir)

	saved := append([]byte("# saved by the designer meanwhile\n"), in.EditionYAML...)
	if err := os.WriteFile(path, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := advise.ApplyFile(dir, in.EditionYAML, rep.Proposals[:1], atomicfile.LockOptions{}); !errors.Is(err, advise.ErrChanged) || !strings.Contains(err.Error(), "run the doctor again") {
		t.Errorf("a changed file: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(saved) {
		t.Error("the designer's save was overwritten")
	}
	if err := os.WriteFile(path, in.EditionYAML, 0o644); err != nil {
		t.Fatal(err)
	}
	twice := []advise.Proposal{rep.Proposals[0], rep.Proposals[0]}
	if _, err := advise.ApplyFile(dir, in.EditionYAML, twice, atomicfile.LockOptions{}); err == nil || !strings.Contains(err.Error(), "named twice") {
		t.Errorf("a proposal named twice: %v", err)
	}
	unmade := rep.Proposals[0]
	unmade.Unmade = "an alias is in the way"
	if _, err := advise.ApplyFile(dir, in.EditionYAML, []advise.Proposal{unmade}, atomicfile.LockOptions{}); err == nil || !strings.Contains(err.Error(), "cannot be made") {
		t.Errorf("a proposal that cannot be made: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != string(in.EditionYAML) {
		t.Error("a refused apply wrote")
	}

	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = advise.ApplyFile(dir, in.EditionYAML, rep.Proposals[:1], atomicfile.LockOptions{})
		})
	}
	wg.Wait()
	applied := 0
	for _, err := range errs {
		switch {
		case err == nil:
			applied++
		case !errors.Is(err, advise.ErrChanged):
			t.Errorf("a concurrent apply: %v", err)
		}
	}
	if applied != 1 {
		t.Errorf("%d of %d concurrent applies wrote, want 1", applied, len(errs))
	}
}

// TestUnmadeProposalsAreReported: issue 26 class "doctor --apply loses
// edits". An edit the editor cannot make (here: R40's colour is an alias
// of R01's, so changing it would change R01 too) is reported as a
// proposal that cannot be made, with the reason, numbered last; never
// dropped.
func TestUnmadeProposalsAreReported(t *testing.T) {
	dir := copyLonely(t, func(s string) string {
		s = strings.Replace(s, "R01: green", "R01: &g green", 1)
		s = strings.Replace(s, "R40: green", "R40: *g", 1)
		s = strings.Replace(s, "R04: green", "R04: *g", 1)
		return s
	})
	_, rep := diagnose(t, dir)
	var unmade []advise.Proposal
	for _, p := range rep.Proposals {
		if p.Unmade != "" {
			unmade = append(unmade, p)
		} else if len(unmade) > 0 {
			t.Errorf("proposal %d is numbered after one that cannot be made", p.ID)
		}
	}
	if len(unmade) == 0 {
		t.Fatalf("no proposal reported as impossible: %+v", rep.Proposals)
	}
	for _, p := range unmade {
		if !strings.Contains(p.Unmade, "alias") || !strings.Contains(p.Effect, "cannot be made") {
			t.Errorf("proposal %d: %q / %q", p.ID, p.Unmade, p.Effect)
		}
	}
}
