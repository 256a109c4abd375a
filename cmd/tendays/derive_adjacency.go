package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/paulmach/orb"
	"github.com/spf13/cobra"

	"github.com/tendays/tendays/derive/adjacency"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/mapdata"
)

type deriveAdjacencyOptions struct {
	IO         *IOStreams
	Global     *globalOptions
	Borders    string
	Rule       string
	ToleranceM float64
	MinBorderM float64
	ID         string
	Object     string
	Format     string
}

func newDeriveAdjacencyCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &deriveAdjacencyOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "adjacency BORDERS",
		Short: "List the regions of a borders file that touch",
		Long: `List which features of a borders file (GeoJSON FeatureCollection or TopoJSON
Topology) are neighbours, with the length of the border they share.

rook: a shared border of positive length (a single shared point, as at the Four
Corners, is not enough); queen: any shared point. --tolerance counts boundaries
digitized separately that run within that many metres of each other as shared,
and --min-border drops rook pairs that share that many metres or less.

Output: CSV (a,b,length_km, one pair a line, a < b, sorted) or a JSON array.
Problems in the file (unclosed rings, duplicate ids, ...) are printed on stderr
as file:line:col: severity rule: message. Exit codes: 0 done, 1 the pairs were
written but the file has errors (a duplicate id, a position that is not a
number), so they are not to be trusted, 2 a file that cannot be read at all.`,
		Example: `  tendays derive adjacency states-10m.json --object states
  tendays derive adjacency countries.geojson --id name --rule queen --format json
  tendays derive adjacency digitized.geojson --tolerance 50 --min-border 1000`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Borders = args[0]
			bad := func(format string, a ...any) error {
				return &usageError{msg: fmt.Sprintf(format, a...), help: cmd.CommandPath()}
			}
			switch {
			case opts.Rule != string(adjacency.Rook) && opts.Rule != string(adjacency.Queen):
				return bad("unknown --rule %q (want rook or queen)", opts.Rule)
			case opts.Format != "csv" && opts.Format != "json":
				return bad("unknown --format %q (want csv or json)", opts.Format)
			case !(opts.ToleranceM >= 0) || math.IsInf(opts.ToleranceM, 0):
				return bad("--tolerance must be a number of metres, 0 or more")
			case !(opts.MinBorderM >= 0) || math.IsInf(opts.MinBorderM, 0):
				return bad("--min-border must be a number of metres, 0 or more")
			}
			return runDeriveAdjacency(opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Rule, "rule", "rook", "rook (a shared border) or queen (any shared point)")
	f.Float64Var(&opts.ToleranceM, "tolerance", 0, "boundaries within this many `metres` of each other count as shared")
	f.Float64Var(&opts.MinBorderM, "min-border", 0, "under rook, ignore borders of this many `metres` or less")
	f.StringVar(&opts.ID, "id", "", "the feature `property` naming a region (default: the feature id, else \"name\")")
	f.StringVar(&opts.Object, "object", "", "the TopoJSON `object` to read (default: the first)")
	f.StringVar(&opts.Format, "format", "csv", "csv or json")
	return cmd
}

func runDeriveAdjacency(opts *deriveAdjacencyOptions) error {
	layer, findings, err := borders.Read(opts.Borders, borders.Options{
		IDProperty: opts.ID, Object: opts.Object, MaxBytes: opts.Global.limit(mapdata.DefaultMaxInput),
	})
	if err != nil {
		for _, f := range findings {
			if opts.Global.shows(f.Severity) {
				fmt.Fprintln(opts.IO.ErrOut, f.String())
			}
		}
		return err
	}
	if err := checkIDProperty(layer, opts.ID); err != nil {
		return err
	}
	findings = disambiguateIDs(layer, findings)
	last := ""
	for _, f := range findings {
		// Parts of one geometry report at one place: say it once.
		if line := f.String(); line != last && opts.Global.shows(f.Severity) {
			fmt.Fprintln(opts.IO.ErrOut, line)
			last = line
		}
	}
	if projected(findings) {
		// Lengths and contacts computed from metres read as degrees mean
		// nothing: print none rather than pairs a script might trust.
		return errNo
	}
	geoms := make([]orb.MultiPolygon, len(layer.Features))
	for i := range layer.Features {
		geoms[i] = layer.Features[i].Geometry
	}
	res := adjacency.Compute(geoms, adjacency.Options{
		Rule: adjacency.Rule(opts.Rule), ToleranceM: opts.ToleranceM, MinBorderM: opts.MinBorderM,
	})
	problems := res.Problems(func(i int) string { return layer.Features[i].ID },
		func(i int) diag.Position { return diag.Position{File: layer.File, Pointer: layer.Features[i].Pointer} },
		diag.Position{File: layer.File})
	for _, f := range problems {
		fmt.Fprintln(opts.IO.ErrOut, f.String())
	}
	findings = append(findings, problems...)
	rows := sortedRows(layer.Features, res.Pairs)
	w := bufio.NewWriterSize(opts.IO.Out, 64<<10)
	km := func(r pairRow) string { return strconv.FormatFloat(r.km, 'f', 3, 64) }
	if opts.Format == "json" {
		w.WriteString("[")
		for i, r := range rows {
			if i > 0 {
				w.WriteString(",")
			}
			a, _ := json.Marshal(r.a)
			b, _ := json.Marshal(r.b)
			fmt.Fprintf(w, "\n  {\"a\": %s, \"b\": %s, \"length_km\": %s}", a, b, km(r))
		}
		w.WriteString("\n]\n")
		if err := w.Flush(); err != nil {
			return err
		}
		return errorsFound(findings)
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"a", "b", "length_km"})
	for _, r := range rows {
		// The one CSV policy (export.SafeCell): no control character, no
		// cell a spreadsheet would take for a formula.
		cw.Write([]string{export.SafeCell(r.a), export.SafeCell(r.b), km(r)})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return errorsFound(findings)
}

// disambiguateIDs gives features that share an id distinct ones, id_name
// (world-atlas has Australia and the Ashmore and Cartier Islands both as
// "036"), so that every output row names one feature and the pairs stay
// usable; the duplicate-id errors become warnings that say so.
func disambiguateIDs(layer *borders.Layer, findings []diag.Finding) []diag.Finding {
	count := map[string]int{}
	for _, f := range layer.Features {
		count[f.ID]++
	}
	renamed := map[string][]string{}
	used := map[string]bool{}
	for _, f := range layer.Features {
		if count[f.ID] == 1 {
			used[f.ID] = true
		}
	}
	for i := range layer.Features {
		f := &layer.Features[i]
		if count[f.ID] < 2 {
			continue
		}
		id := f.ID + "_" + nonWord.ReplaceAllString(f.Name, "_")
		if f.Name == "" || used[id] {
			id = f.ID
			for n := 2; used[id]; n++ {
				id = f.ID + "_" + strconv.Itoa(n)
			}
		}
		used[id] = true
		renamed[f.ID] = append(renamed[f.ID], id)
		f.ID = id
	}
	out := findings[:0:0]
	for _, f := range findings {
		if f.Rule == borders.RuleDuplicateID && f.Severity == diag.Error {
			f.Severity = diag.Warning
			f.Message += " (the output names them " + strings.Join(uniqueRenames(renamed), ", ") + ")"
		}
		out = append(out, f)
	}
	return out
}

// checkIDProperty refuses an --id property that no feature has: every id
// would be made up, which is a mistyped flag rather than a finding a
// feature.
func checkIDProperty(layer *borders.Layer, prop string) error {
	if prop == "" || len(layer.Features) == 0 {
		return nil
	}
	seen := map[string]bool{}
	for _, f := range layer.Features {
		if _, ok := f.Properties[prop]; ok {
			return nil
		}
		for k := range f.Properties {
			seen[k] = true
		}
	}
	names := slices.Sorted(maps.Keys(seen))
	if len(names) == 0 {
		return diag.Errorf(diag.Position{File: layer.File}, "no feature has the property %q given by --id (the features have no properties; leave --id out to use the feature ids)", prop)
	}
	hint := ""
	best, bestD := "", 1<<30
	for _, n := range names {
		if d := mapdata.EditDistance(strings.ToLower(prop), strings.ToLower(n)); d < bestD {
			best, bestD = n, d
		}
	}
	if bestD <= max(2, len(prop)/2) {
		hint = fmt.Sprintf("; did you mean %q?", best)
	}
	shown := names
	if len(shown) > 10 {
		shown = append(shown[:10:10], "...")
	}
	return diag.Errorf(diag.Position{File: layer.File}, "no feature has the property %q given by --id (the features have %s%s)", prop, strings.Join(shown, ", "), hint)
}

var nonWord = regexp.MustCompile(`\W+`)

func uniqueRenames(renamed map[string][]string) []string {
	var out []string
	for _, ids := range renamed {
		out = append(out, ids...)
	}
	slices.Sort(out)
	return out
}

// projected tells whether the data is not in longitude/latitude: a position
// outside [-180, 180] × [-90, 90].
func projected(findings []diag.Finding) bool {
	for _, f := range findings {
		if f.Rule == borders.RuleOutOfRange {
			return true
		}
	}
	return false
}

// errorsFound is errNo when a finding is an error: the output was written,
// but a script must not take it for a clean result.
func errorsFound(findings []diag.Finding) error {
	for _, f := range findings {
		if f.Severity >= diag.Error {
			return errNo
		}
	}
	return nil
}

type pairRow struct {
	a, b string
	km   float64
}

// sortedRows names the pairs by id, a before b, sorted by (a, b). The ids
// are sorted once and the pairs then by rank, which is much cheaper than
// comparing two strings per step on 300,000 pairs.
func sortedRows(features []borders.Feature, pairs []adjacency.Pair) []pairRow {
	byID := make([]int, len(features))
	for i := range byID {
		byID[i] = i
	}
	slices.SortStableFunc(byID, func(x, y int) int { return strings.Compare(features[x].ID, features[y].ID) })
	rank := make([]uint64, len(features))
	for r, i := range byID {
		rank[i] = uint64(r)
	}
	type ranked struct {
		key uint64
		km  float64
	}
	keys := make([]ranked, len(pairs))
	for i, p := range pairs {
		ra, rb := rank[p.A], rank[p.B]
		if rb < ra {
			ra, rb = rb, ra
		}
		keys[i] = ranked{ra<<32 | rb, p.LengthKm}
	}
	slices.SortFunc(keys, func(x, y ranked) int {
		switch {
		case x.key < y.key:
			return -1
		case x.key > y.key:
			return 1
		}
		return 0
	})
	rows := make([]pairRow, len(keys))
	for i, k := range keys {
		rows[i] = pairRow{features[byID[k.key>>32]].ID, features[byID[uint32(k.key)]].ID, k.km}
	}
	return rows
}
