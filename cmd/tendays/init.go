package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	yaml "github.com/goccy/go-yaml"
	"github.com/paulmach/orb"
	"github.com/spf13/cobra"

	"github.com/tendays/tendays/derive/adjacency"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/colors"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/mapdata"
)

type initOptions struct {
	IO      *IOStreams
	Global  *globalOptions
	Folder  string
	Borders string
	ID      string
	Object  string
	Force   bool
}

func init() { register(newInitCmd) }

func newInitCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &initOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "init FOLDER --borders FILE",
		Short: "Start a new edition from a borders file",
		Long: `Init writes FOLDER/edition.yaml listing every polygon feature of the borders
file as a region, with colours chosen so that neighbours differ and classes are
even, two planes per colour and enough cars for a four-player deck. The borders
file is copied into FOLDER, so the folder is self-contained. Then:

  tendays build FOLDER

gives a first pack. Edit edition.yaml to omit, merge or split regions, add
bridges and ferries, seas and rail lines, and state what the rulebook says.`,
		Example: `  tendays init my-edition --borders countries.geojson --id name
  tendays init my-edition --borders world.topojson --object countries --id name`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Folder = args[0]
			if opts.Borders == "" {
				return &usageError{msg: "--borders FILE is required", help: cmd.CommandPath()}
			}
			return runInit(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Borders, "borders", "", "the borders `file` (.geojson or .topojson)")
	cmd.Flags().StringVar(&opts.ID, "id", "", "the feature `property` naming a region (default: the feature id, then \"name\")")
	cmd.Flags().StringVar(&opts.Object, "object", "", "the TopoJSON `object` to read (default: the first)")
	cmd.Flags().BoolVar(&opts.Force, "force", false, "overwrite an existing edition.yaml")
	return cmd
}

var initPalette = []string{"blue", "green", "orange", "pink", "yellow"}

func runInit(opts *initOptions) error {
	layer, findings, err := borders.Read(opts.Borders, borders.Options{IDProperty: opts.ID, Object: opts.Object, MaxBytes: opts.Global.limit(mapdata.DefaultMaxInput)})
	if err != nil {
		return err
	}
	for _, f := range findings {
		fmt.Fprintln(opts.IO.ErrOut, f.String())
	}
	if errorsFound(findings) != nil {
		// A duplicate id would become a duplicate key of colors.assign,
		// an edition that does not even read back.
		fmt.Fprintf(opts.IO.ErrOut, "%s: errors in the borders file: no edition written\n", opts.Borders)
		return errNo
	}
	if len(layer.Features) < 2 {
		return diag.Errorf(diag.Position{File: opts.Borders}, "has %d polygon feature(s); an edition needs at least two", len(layer.Features))
	}
	target := filepath.Join(opts.Folder, editionFile)
	if _, err := os.Stat(target); err == nil && !opts.Force {
		return &usageError{msg: fmt.Sprintf("%s exists already (use --force to overwrite it)", target)}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := os.MkdirAll(opts.Folder, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", opts.Folder, err)
	}
	bordersName := filepath.Base(opts.Borders)
	src, err := mapdata.ReadFile(opts.Borders, opts.Global.limit(mapdata.DefaultMaxInput))
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(opts.Folder, bordersName), src, 0o644); err != nil {
		return err
	}
	text, err := startingEdition(opts, layer, bordersName)
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(target, text, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(opts.IO.ErrOut, "wrote %s (%d regions) and copied %s beside it; next: tendays build %s\n",
		target, len(layer.Features), bordersName, opts.Folder)
	return nil
}

var idUnsafe = regexp.MustCompile(`[^a-z0-9]+`)

// startingEdition writes the edition's YAML text: every feature a region,
// colours chosen, a deck big enough for four players.
func startingEdition(opts *initOptions, layer *borders.Layer, bordersName string) ([]byte, error) {
	geoms := make([]orb.MultiPolygon, len(layer.Features))
	for i, f := range layer.Features {
		geoms[i] = f.Geometry
	}
	adj := adjacency.Compute(geoms, adjacency.Options{Rule: adjacency.Rook})
	// Every colour needs two regions at least, or its planes link nothing.
	palette := initPalette[:min(len(initPalette), max(2, len(geoms)/2))]
	p := colors.Problem{N: len(geoms), Palette: len(palette)}
	for _, pr := range adj.Pairs {
		p.Edges = append(p.Edges, [2]int{pr.A, pr.B})
	}
	sol, err := colors.Solve(p)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(layer.Features))
	assign := map[string]string{}
	for i, f := range layer.Features {
		names[i] = f.ID
		assign[f.ID] = palette[sol.Color[i]]
	}
	sort.Strings(names)
	n := len(names)
	cars := max(6, mapdata.MinDeckFor(4, 10)-n-2*len(palette))

	id := strings.Trim(idUnsafe.ReplaceAllString(strings.ToLower(filepath.Base(opts.Folder)), "-"), "-")
	if id == "" {
		id = "my-edition"
	}
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# A starting edition written by `tendays init` from %s.\n", bordersName)
	w("# Every feature is a region; edit freely, then run: tendays build %s\n", opts.Folder)
	w("id: %s\n", id)
	w("name: %s\n", quote("10 Days in "+titleOf(id)))
	w("days: 10\n\n")
	w("borders:\n  file: %s\n", quote(bordersName))
	if opts.Object != "" {
		w("  object: %s\n", quote(opts.Object))
	}
	if opts.ID != "" {
		w("  id: %s\n", quote(opts.ID))
	}
	w("\nadjacency:\n  rule: rook          # a shared border of positive length; queen: any shared point\n")
	w("  tolerance_m: 0      # raise it when borders were digitized separately\n\n")
	w("regions:\n")
	w("  # ids: {Long Name: LN}      short ids for cards (default: the data's name)\n")
	w("  # names: {Data Name: Board Name}\n")
	w("  omit: []\n")
	w("  # merge: {Kept: [Merged]}\n\n")
	w("# air_only: []               regions only planes reach\n\n")
	w("colors:\n  palette: [%s]\n", strings.Join(palette, ", "))
	w("  # Chosen by tendays init: neighbours differ and classes are even.\n  assign:\n")
	for _, name := range names {
		w("    %s: %s\n", quote(name), assign[name])
	}
	w("\n# copies: {Region: 2}          regions with two cards\n\n")
	w("links:\n  add: []     # - {a: Region, b: Other, kind: ferry, why: ...}\n  remove: []\n\n")
	w("transports:\n  airplane: {per_color: 2}\n")
	w("  automobile: {count: %d}     # enough for a deck of 4 players x 10 days + 4\n", cars)
	w("\n# seas:\n#   north:\n#     name: North Sea\n#     geometry: {file: seas.geojson, match: [North Sea], tolerance_m: 20000}\n")
	w("\n# expect:                      what the rulebook states the box holds\n#   region_cards: %d\n#   transport_cards: %d\n", n, 2*len(palette)+cars)
	return b.Bytes(), nil
}

// quote writes a YAML scalar, quoted when plain style would misread it.
func quote(s string) string {
	out, err := yaml.Marshal(s)
	if err != nil {
		return fmt.Sprintf("%q", s)
	}
	return strings.TrimSuffix(string(out), "\n")
}

func titleOf(id string) string {
	words := strings.Split(id, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}
