package export

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// AdjacencyRow is one pair of `tendays derive adjacency`: two regions and
// the length of their shared border. Any struct type of these fields (the
// deriving package's own, derive/adjacency.Row) is written as it is.
type AdjacencyRow struct {
	A, B     string
	LengthKm float64
}

// WriteAdjacency writes the rows of `tendays derive adjacency` to w: as
// CSV (a,b,length_km, one pair a line, cells made safe by SafeCell) or,
// with format "json", as a JSON array of {"a", "b", "length_km"} objects.
// Lengths are in kilometres to the metre. The rows are of any type shaped
// as AdjacencyRow, so that export needs no deriving package for a row.
func WriteAdjacency[R ~struct {
	A, B     string
	LengthKm float64
}](w io.Writer, format string, rows []R) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	km := func(r AdjacencyRow) string { return strconv.FormatFloat(r.LengthKm, 'f', 3, 64) }
	if format == "json" {
		bw.WriteString("[")
		for i, row := range rows {
			r := AdjacencyRow(row)
			if i > 0 {
				bw.WriteString(",")
			}
			a, _ := json.Marshal(r.A)
			b, _ := json.Marshal(r.B)
			fmt.Fprintf(bw, "\n  {\"a\": %s, \"b\": %s, \"length_km\": %s}", a, b, km(r))
		}
		bw.WriteString("\n]\n")
		return bw.Flush()
	}
	cw := csv.NewWriter(bw)
	cw.Write([]string{"a", "b", "length_km"})
	for _, row := range rows {
		r := AdjacencyRow(row)
		cw.Write([]string{SafeCell(r.A), SafeCell(r.B), km(r)})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}
