package export

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/tendays/tendays/derive/adjacency"
)

// WriteAdjacency writes the rows of `tendays derive adjacency` to w: as
// CSV (a,b,length_km, one pair a line, cells made safe by SafeCell) or,
// with format "json", as a JSON array of {"a", "b", "length_km"} objects.
// Lengths are in kilometres to the metre.
func WriteAdjacency(w io.Writer, format string, rows []adjacency.Row) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	km := func(r adjacency.Row) string { return strconv.FormatFloat(r.LengthKm, 'f', 3, 64) }
	if format == "json" {
		bw.WriteString("[")
		for i, r := range rows {
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
	for _, r := range rows {
		cw.Write([]string{SafeCell(r.A), SafeCell(r.B), km(r)})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}
