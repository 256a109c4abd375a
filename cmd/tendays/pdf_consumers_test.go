package main

// The print-and-play PDF of every bundled edition, read by the programs a
// printer's user has: qpdf (structure), pdfinfo (page size), pdffonts
// (every font embedded) and pdftotext (each card's name as often as the
// deck holds it). Debian's qpdf and poppler-utils; .ci/run installs them.
// A route-network pack has no PDF (refused, exit 2: see export-pdf.txtar).

import (
	"bytes"
	"encoding/csv"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/export/pdf"
	"github.com/tendays/tendays/internal/testenv"
)

// runTendays runs the CLI in process and fails the test on a non-zero exit.
func runTendays(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(append([]string{"--quiet"}, args...), &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errb})
	require.Zero(t, code, "tendays %s: %s", strings.Join(args, " "), errb.String())
	return out.String()
}

func TestPDFConsumers(t *testing.T) {
	qpdf := testenv.Tool(t, "qpdf")
	pdfinfo := testenv.Tool(t, "pdfinfo")
	pdffonts := testenv.Tool(t, "pdffonts")
	pdftotext := testenv.Tool(t, "pdftotext")
	dir := t.TempDir()
	type job struct{ edition, paper, size string }
	var jobs []job
	for _, name := range editions.Names() {
		if name == "across-the-us" {
			continue // a route network: no cards to print
		}
		jobs = append(jobs, job{name, "a4", "595.28 x 841.89 pts (A4)"})
	}
	jobs = append(jobs, job{"usa", "letter", "612 x 792 pts (letter)"})
	for _, j := range jobs {
		t.Run(j.edition+"-"+j.paper, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(dir, j.edition+"-"+j.paper+".pdf")
			runTendays(t, "export", j.edition, "--format", "pdf", "--paper", j.paper, "-o", file)

			out, err := exec.Command(qpdf, "--check", file).CombinedOutput()
			require.NoError(t, err, "qpdf --check: %s", out)
			assert.Contains(t, string(out), "No syntax or stream encoding errors")

			out, err = exec.Command(pdfinfo, file).CombinedOutput()
			require.NoError(t, err, "%s", out)
			assert.Contains(t, string(out), "Page size:       "+j.size, "the summary page's size")

			out, err = exec.Command(pdffonts, file).CombinedOutput()
			require.NoError(t, err, "%s", out)
			fonts := strings.Split(strings.TrimSpace(string(out)), "\n")[2:]
			require.NotEmpty(t, fonts)
			for _, l := range fonts {
				f := strings.Fields(l)
				require.GreaterOrEqual(t, len(f), 7, l)
				assert.Equal(t, "yes", f[len(f)-5], "font not embedded: %s", l)
			}

			// The card names: pdftotext in content order (-raw), so a name on
			// two lines reads as one, on the fronts pages only.
			out, err = exec.Command(pdftotext, "-raw", file, "-").Output()
			require.NoError(t, err)
			var fronts strings.Builder
			pages := 0
			for _, page := range strings.Split(string(out), "\f") {
				if strings.Contains(page, pdf.FrontsMarker+", sheet") {
					fronts.WriteString(page)
					fronts.WriteString("\n")
					pages++
				}
			}
			text := space.ReplaceAllString(fronts.String(), " ")
			cards, all := cardNames(t, j.edition)
			require.NotEmpty(t, cards)
			sheet, _ := pdf.Layout(map[string]pdf.Paper{"a4": pdf.A4, "letter": pdf.Letter}[j.paper])
			assert.Equal(t, (all+sheet.PerPage()-1)/sheet.PerPage(), pages, "fronts pages")
			seen := map[string]bool{}
			for _, name := range cards {
				if seen[name] || strings.Contains(name, "(") {
					continue // transports: checked through their names' parts
				}
				seen[name] = true
				want := 0
				for _, other := range cards {
					want += occurrences(other, name)
				}
				assert.Equal(t, want, occurrences(text, name), "%s: %q on the fronts", j.edition, name)
			}
		})
	}
}

var space = regexp.MustCompile(`\s+`)

// cardNames are the names of the deck's physical region cards, from the
// cards CSV (one row a card), and the number of cards of every kind.
func cardNames(t *testing.T, edition string) ([]string, int) {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(runTendays(t, "export", edition, "--format", "cards"))).ReadAll()
	require.NoError(t, err)
	var names []string
	for _, r := range rows[1:] {
		if r[2] == "region" {
			names = append(names, r[1])
		}
	}
	return names, len(rows) - 1
}

// occurrences counts s in text where it stands as a whole name (no letter
// just before or after: Niger is not counted in Nigeria).
func occurrences(text, s string) int {
	n := 0
	for i := 0; ; {
		k := strings.Index(text[i:], s)
		if k < 0 {
			return n
		}
		at := i + k
		before, _ := utf8.DecodeLastRuneInString(text[:at])
		after, _ := utf8.DecodeRuneInString(text[at+len(s):])
		if !unicode.IsLetter(before) && !unicode.IsLetter(after) {
			n++
		}
		i = at + len(s)
	}
}
