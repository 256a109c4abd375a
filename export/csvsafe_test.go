package export

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

// TestCSVFormulaInjection: cells a spreadsheet would run (=, +, -, @ first)
// are written with a quote in front; what a terminal would act on (tab, CR,
// ESC, BEL, NUL, bidi overrides) is escaped as diag.OneLine escapes it
// (issue 26: one text policy); the rest as they are.
func TestCSVFormulaInjection(t *testing.T) {
	for in, want := range map[string]string{
		`=HYPERLINK("http://x","y")`: `'=HYPERLINK("http://x","y")`,
		"+SUM(1)":                    "'+SUM(1)",
		"-2+3":                       "'-2+3",
		"@cmd":                       "'@cmd",
		"\tx":                        `\tx`,
		"\rx":                        `\rx`,
		"\x1b[31mred\a":              `\x1b[31mred\x07`,
		"nul\x00":                    `nul\x00`,
		"=\x1b]0;pwn\a":              `'=\x1b]0;pwn\x07`,
		"Île-de-France":              "Île-de-France",
		"a=b":                        "a=b",
		"":                           "",
		"95.500":                     "95.500",
	} {
		assert.Equal(t, want, SafeCell(in), "%q", in)
	}

	p := &mapdata.Pack{Edition: mapdata.EditionInfo{ID: "x"},
		Regions: []mapdata.Region{{ID: "A", Name: `=HYPERLINK("http://evil","click")`, Color: "+SUM(1)", Copies: 1}},
		Links:   []mapdata.Link{{A: "A", B: "@B", Kind: mapdata.Border, LengthKm: 2, Why: "-1"}}}
	files, err := CSVFiles(p)
	require.NoError(t, err)
	for _, f := range files {
		rows, err := csv.NewReader(bytes.NewReader(f.Data)).ReadAll()
		require.NoError(t, err)
		for _, row := range rows[1:] {
			for _, cell := range row {
				if cell != "" {
					assert.NotContains(t, "=+-@\t\r", cell[:1], "%s: cell %q", f.Name, cell)
				}
			}
		}
	}
	assert.Contains(t, string(files[0].Data), `"'=HYPERLINK(""http://evil"",""click"")"`)
}

// FuzzSafeCell: a cell written to CSV and read back never starts with a
// formula character, and is the original with at most a quote in front.
func FuzzSafeCell(f *testing.F) {
	for _, s := range []string{"=1+1", "+x", "-", "@", "\t", "\r\n", "plain", "", `"=x"`, "'=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cell string) {
		data, err := writeCSV([]string{"c"}, [][]string{{cell}})
		if err != nil {
			return // not a valid CSV field (encoding/csv refuses a few)
		}
		rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil || len(rows) != 2 || len(rows[1]) != 1 {
			return // encoding/csv does not round-trip every string (a lone \r)
		}
		got := rows[1][0]
		if got != "" && strings.IndexByte("=+-@\t\r", got[0]) >= 0 {
			t.Fatalf("cell %q read back as %q", cell, got)
		}
		// encoding/csv reads \r\n inside a quoted field as \n and drops a
		// \r before the closing quote; compare without carriage returns.
		noCR := func(s string) string { return strings.ReplaceAll(s, "\r", "") }
		if noCR(got) != noCR(SafeCell(cell)) {
			t.Fatalf("cell %q read back as %q, want %q", cell, got, SafeCell(cell))
		}
	})
}
