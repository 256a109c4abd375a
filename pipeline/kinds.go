package pipeline

import (
	"context"
	"io"

	"github.com/paulmach/orb"

	"github.com/tendays/tendays/derive"
	"github.com/tendays/tendays/derive/adjacency"
	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/routes"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
)

// kindBuild is how the pipeline makes and describes a pack of one kind:
// the pipeline's entry of a kind. What a kind's pack then does (journeys,
// games, simulation, the terminal and the studio) is the kinds package's
// table; what it exports to, export's Formats.
type kindBuild struct {
	// derive reads the edition.yaml of the kind (checked against the
	// edition schema already) and derives its pack into r.
	derive func(r *Result, ctx context.Context, f *folder, file string, text []byte) (*lint.Target, error)
	// rules are the rules of the kind: those its derivation reports
	// (declared in the derive packages) and those lint runs on its packs.
	rules [][]*lint.Rule
	// board says that a pack of the kind has a board geometry beside it
	// (<id>.board.geojson); a network pack's points are in the pack.
	board bool
	// encode writes the pack in canonical form; board is the board's
	// bytes when written beside it (its hash goes into the pack).
	encode func(w io.Writer, p mapdata.AnyPack, board []byte) error
	// land is the land drawn under the board of a pack without board
	// geometry (nil: none).
	land func(mapdata.AnyPack) ([]orb.MultiPolygon, error)
	// counts and headline describe a pack (see Result.Counts and
	// Headline).
	counts   func(mapdata.AnyPack) map[string]int
	headline func(p mapdata.AnyPack, s lint.Summary, out string) string
}

// regionsBuild is kind regions: derive, its rules and lint's pack rules.
var regionsBuild = &kindBuild{
	derive: (*Result).deriveRegions,
	rules: [][]*lint.Rule{
		lint.Described(lint.KindBorders, borders.Rules),
		lint.Described(lint.KindEdition, derive.Rules),
		lint.Described(lint.KindEdition, adjacency.Rules),
		lint.RegionRules(),
	},
	board:    true,
	encode:   typed2(encodeRegions),
	counts:   typed(regionCounts),
	headline: typed3(regionHeadline),
}

// builds is every kind the pipeline builds, by name (mapdata.Kinds). A
// combined pack is a regions pack of several maps: only its derivation
// (every member, then derive/combine) is its own. It is filled by init, as
// deriving a combined edition builds its members through it.
var builds map[string]*kindBuild

// lintRules is every rule the toolkit reports: lint's rules of every kind
// and those reading and deriving report, each declared once beside the
// code that reports it.
var lintRules *lint.Registry

func init() {
	builds = map[string]*kindBuild{
		mapdata.KindRegions:  regionsBuild,
		mapdata.KindCombined: regionsWith((*Result).deriveCombined),
		mapdata.KindNetwork: {
			derive: (*Result).deriveNetwork,
			rules: [][]*lint.Rule{
				lint.Described(lint.KindNetworkEdition, routes.Rules),
				lint.RouteRules(),
			},
			encode:   typed2(func(w io.Writer, p *mapdata.NetworkPack, _ []byte) error { return mapdata.EncodeNetworkPack(w, p) }),
			land:     typedLand(NetworkLand),
			counts:   typed(networkCounts),
			headline: typed3(networkHeadline),
		},
	}
	lists := [][]*lint.Rule{lint.CoreRules()}
	for _, kind := range mapdata.Kinds {
		lists = append(lists, builds[kind].rules...)
	}
	lintRules = lint.NewRegistry(lists...)
}

// regionsWith is kind regions derived another way.
func regionsWith(derive func(*Result, context.Context, *folder, string, []byte) (*lint.Target, error)) *kindBuild {
	b := *regionsBuild
	b.derive = derive
	return &b
}

// LintRules is the registry of every rule the toolkit reports: what a lint
// config may name, what lint --list-rules and the SARIF report describe,
// and what runs on every pack built or read here.
func LintRules() *lint.Registry { return lintRules }

// typed adapts a function of one kind's pack type to the table's
// mapdata.AnyPack: the table is looked up by the pack's kind, so the type
// is the kind's.
func typed[P mapdata.AnyPack, R any](f func(P) R) func(mapdata.AnyPack) R {
	return func(p mapdata.AnyPack) R { return f(p.(P)) }
}

func typed2[P mapdata.AnyPack](f func(io.Writer, P, []byte) error) func(io.Writer, mapdata.AnyPack, []byte) error {
	return func(w io.Writer, p mapdata.AnyPack, board []byte) error { return f(w, p.(P), board) }
}

func typed3[P mapdata.AnyPack](f func(P, lint.Summary, string) string) func(mapdata.AnyPack, lint.Summary, string) string {
	return func(p mapdata.AnyPack, s lint.Summary, out string) string { return f(p.(P), s, out) }
}

func typedLand[P mapdata.AnyPack](f func(P) ([]orb.MultiPolygon, error)) func(mapdata.AnyPack) ([]orb.MultiPolygon, error) {
	return func(p mapdata.AnyPack) ([]orb.MultiPolygon, error) { return f(p.(P)) }
}

func encodeRegions(w io.Writer, p *mapdata.Pack, board []byte) error {
	if board != nil {
		mapdata.SetBoardHash(p, board)
	}
	return mapdata.EncodePack(w, p)
}
