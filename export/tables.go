package export

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// The CSV tables' columns. Lists (a region's seas and rails, a car link's
// via regions) are joined with ";". A combined pack's regions table has
// one more column, MapColumn, last.
var (
	RegionColumns = []string{"id", "name", "color", "copies", "air_only", "seas", "rails"}
	LinkColumns   = []string{"a", "b", "kind", "length_km", "via", "why"}
)

// MapColumn names the member map a region of a combined pack is on
// (Around the World: europe, asia, africa, americas).
const MapColumn = "map"

// regionColumns are the regions table's columns for a pack.
func regionColumns(p *mapdata.Pack) []string {
	if p.Combined != nil {
		return append(slices.Clone(RegionColumns), MapColumn)
	}
	return RegionColumns
}

// ListSep joins a list inside one CSV field.
const ListSep = ";"

// CSVFiles gives <id>.regions.csv and <id>.links.csv: a header row, then one
// row per region (by id) and per link (in the pack's canonical order), with
// RFC 4180 quoting and CRLF line ends. A cell that a spreadsheet would run
// as a formula is neutralized (see SafeCell).
func CSVFiles(p *mapdata.Pack) ([]File, error) {
	id := baseName(p)
	regions, err := writeCSV(regionColumns(p), regionRows(p))
	if err != nil {
		return nil, err
	}
	links, err := writeCSV(LinkColumns, linkRows(p))
	if err != nil {
		return nil, err
	}
	return []File{{Name: id + ".regions.csv", Data: regions}, {Name: id + ".links.csv", Data: links}}, nil
}

func regionRows(p *mapdata.Pack) [][]string {
	rows := make([][]string, 0, len(p.Regions))
	for _, r := range sortedRegions(p) {
		row := []string{r.ID, r.Name, r.Color, strconv.Itoa(r.Copies), strconv.FormatBool(r.AirOnly),
			strings.Join(r.Seas, ListSep), strings.Join(r.Rails, ListSep)}
		if p.Combined != nil {
			row = append(row, r.Map)
		}
		rows = append(rows, row)
	}
	return rows
}

func linkRows(p *mapdata.Pack) [][]string {
	rows := make([][]string, 0, len(p.Links))
	for _, l := range p.Links {
		rows = append(rows, []string{l.A, l.B, string(l.Kind), km(l.LengthKm), strings.Join(l.Via, ListSep), l.Why})
	}
	return rows
}

// km formats a length to the metre; an unknown length (0) is empty.
func km(v float64) string {
	if v == 0 {
		return ""
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// SafeCell is the one policy for a CSV cell made from input, in every
// command that writes CSV: what a terminal would act on (ESC, BEL, NUL,
// other control characters, bidi overrides) is escaped as diag.OneLine
// escapes it, and a cell that a spreadsheet would read as a formula (one
// starting with =, +, -, @, a tab or a carriage return) gets a single quote
// in front (the OWASP rule against CSV injection), so that a region named
// =HYPERLINK(...) shows as text instead of running. Packs and borders files
// come from strangers; the cells hold their ids and names. Other cells are
// unchanged, so numbers (which are never negative here) stay numbers.
func SafeCell(cell string) string {
	cell = diag.OneLine(cell)
	if cell != "" && strings.IndexByte("=+-@\t\r", cell[0]) >= 0 {
		return "'" + cell
	}
	return cell
}

func writeCSV(header []string, rows [][]string) ([]byte, error) {
	for _, row := range rows {
		for i := range row {
			row[i] = SafeCell(row[i])
		}
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.UseCRLF = true
	if err := w.Write(header); err != nil {
		return nil, err
	}
	if err := w.WriteAll(rows); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// zipEpoch is the time stamped on every archive member, so that the same
// tables give the same archive bytes.
var zipEpoch = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// Zip packs files into one archive, in order, with fixed times.
func Zip(files []File) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: zipEpoch})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sortedRegions gives the regions by id without reordering the pack.
func sortedRegions(p *mapdata.Pack) []mapdata.Region {
	out := slices.Clone(p.Regions)
	slices.SortStableFunc(out, func(a, b mapdata.Region) int { return strings.Compare(a.ID, b.ID) })
	return out
}
