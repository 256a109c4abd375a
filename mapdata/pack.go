package mapdata

import "math"

// Format identifies a pack file; FormatVersion is bumped whenever a reader of
// an older version could misread a newer pack.
const (
	Format        = "tendays.pack"
	FormatVersion = 1
)

// Kinds of pack: KindRegions here, KindCombined (combined.go) and
// KindNetwork (network.go). Kinds lists them all.
const (
	KindRegions = "regions"
)

// Kinds lists every kind of pack, in the order the documentation gives
// them. Each layer's table of what a kind does (the pipeline's builds, the
// kinds package's plays, export's formats, the studio's pages) covers
// exactly these.
var Kinds = []string{KindRegions, KindCombined, KindNetwork}

// AnyPack is a pack of any kind: a *Pack (kind regions, or combined when
// it has a Combined block) or a *NetworkPack (kind network). It is the one
// value the pipeline returns; the code of a kind takes its own type out of
// it (p.(*Pack)), and PackKind says which kind's code that is.
type AnyPack interface {
	// PackKind is KindRegions, KindCombined or KindNetwork.
	PackKind() string
	// EditionID is the id of the edition the pack was built from.
	EditionID() string
	// PackProvenance is the pack's provenance, to read or to add to
	// before it is encoded.
	PackProvenance() *Provenance
}

// KindNoun names a pack of a kind in messages: "a route-network pack".
func KindNoun(kind string) string {
	switch kind {
	case KindRegions:
		return "a regions pack"
	case KindCombined:
		return "a combined pack"
	case KindNetwork:
		return "a route-network pack"
	}
	return "a pack of kind " + kind
}

// EditionID is p.Edition.ID.
func (p *Pack) EditionID() string { return p.Edition.ID }

// PackProvenance is &p.Provenance.
func (p *Pack) PackProvenance() *Provenance { return &p.Provenance }

// PackKind is KindCombined for a pack of several maps, else KindRegions.
func (p *Pack) PackKind() string {
	if p.Combined != nil {
		return KindCombined
	}
	return KindRegions
}

// Pack is everything a program needs to play or check an edition: the regions,
// every connection with its reason, the deck and where it all came from. It
// holds no geometry.
type Pack struct {
	Format        string      `json:"format"`
	FormatVersion int         `json:"formatVersion"`
	Kind          string      `json:"kind"`
	Edition       EditionInfo `json:"edition"`
	Rules         Rules       `json:"rules"`
	Colors        []Color     `json:"colors"`
	Regions       []Region    `json:"regions"`
	Links         []Link      `json:"links"`
	Removed       []Link      `json:"removed,omitempty"`
	Seas          []Sea       `json:"seas"`
	Rails         []Rail      `json:"rails"`
	// ShipRoutes are the ship routes drawn on the board (see ShipRoute); none in
	// the boxes that sail from coast to coast.
	ShipRoutes []ShipRoute `json:"shipRoutes,omitempty"`
	Deck       Deck        `json:"deck"`
	Expect     *Expect     `json:"expect,omitempty"`
	// Combined is set for a pack of several maps (see KindCombined).
	Combined   *Combined  `json:"combined,omitempty"`
	Provenance Provenance `json:"provenance"`
}

// EditionInfo names the edition a pack was built from.
type EditionInfo struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Days int    `json:"days"`
}

// Rules are the rulebook switches that differ between editions. Every one
// but Swap is left out of a pack that plays as the boxes before Europa
// Tour did (see rules.go for the defaults and the accessors).
type Rules struct {
	// Swap allows the "swap two cards" action (10 Days in Europe).
	Swap bool `json:"swap"`
	// FaceUp is the number of face-up piles (0: DefaultFaceUp).
	FaceUp int `json:"faceUp,omitempty"`
	// Start is who takes the first turn ("": StartSeatOrder).
	Start   string        `json:"start,omitempty"`
	Journey *JourneyRules `json:"journey,omitempty"`
	// Colorless is set when some regions are in no colour.
	Colorless *ColorlessRules `json:"colorless,omitempty"`
	// Transports are the kinds of transport card the edition names itself.
	Transports []TransportKind `json:"transports,omitempty"`
}

// Color is a card colour. Hex is for pictures only; rules compare IDs.
type Color struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Hex  string `json:"hex"`
}

// Region is a state or country: one card face (times Copies).
type Region struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	// Names are the region's name in other languages, by language code
	// (the edition's regions.translations): Pack.InLanguage shows them.
	Names   map[string]string `json:"names,omitempty"`
	Color   string            `json:"color"`
	Copies  int               `json:"copies"`
	AirOnly bool              `json:"airOnly"`
	Seas    []string          `json:"seas"`
	Rails   []string          `json:"rails"`
	// Map is the member map of a combined pack the region is on.
	Map string `json:"map,omitempty"`
}

// LinkKind says why two regions are linked.
type LinkKind string

const (
	Border LinkKind = "border" // a shared border of positive length
	Bridge LinkKind = "bridge" // named by the edition; walks like a border
	Ferry  LinkKind = "ferry"  // named by the edition; walks like a border
	Car    LinkKind = "car"    // through a third region that borders both
)

// Walks reports whether the kind links two regions on foot.
func (k LinkKind) Walks() bool { return k == Border || k == Bridge || k == Ferry }

// Link is an undirected connection between regions A and B (A < B in a
// canonical pack).
type Link struct {
	A        string   `json:"a"`
	B        string   `json:"b"`
	Kind     LinkKind `json:"kind"`
	LengthKm float64  `json:"lengthKm,omitempty"` // border: shared length, geodesic
	Via      []string `json:"via,omitempty"`      // car: the regions bordering both ends
	Why      string   `json:"why,omitempty"`      // added or removed by the edition: its reason
}

// Sea is a body of water that ship cards name. Connects lists the seas it
// joins (10 Days in the Americas: the Panama Canal joins the Atlantic and
// the Pacific): two ship cards side by side, on seas that connect, take a
// journey from a region on the first sea to a region on the second.
type Sea struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Connects []string `json:"connects,omitempty"`
}

// Rail is a railway line; its stops are in order along the line.
type Rail struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Stops []string `json:"stops"`
}

// CardKind is what a card does.
type CardKind string

const (
	RegionCard CardKind = "region"
	PlaneCard  CardKind = "plane"
	CarCard    CardKind = "car"
	ShipCard   CardKind = "ship"
	TrainCard  CardKind = "train"
)

// Card is one kind of card in the deck and how many the box holds.
type Card struct {
	Token  string   `json:"token"`
	Kind   CardKind `json:"kind"`
	Region string   `json:"region,omitempty"`
	Color  string   `json:"color,omitempty"`
	Sea    string   `json:"sea,omitempty"`
	Rail   string   `json:"rail,omitempty"` // empty: a neutral train, good on any line
	// Routes marks a ship of the ship routes (ShipRoutes), which names no sea.
	Routes bool `json:"routes,omitempty"`
	Count  int  `json:"count"`
	// Maps is, on a combined pack, how many of the copies come from each
	// member's box (a tile's back shows its box): ship:atlantic is four
	// Europe tiles and four Americas tiles. The counts add up to Count.
	Maps []MapCount `json:"maps,omitempty"`
}

// MapCount is how many copies of a card one member map's box holds.
type MapCount struct {
	Map   string `json:"map"`
	Count int    `json:"count"`
}

// Deck lists every card of the edition and its totals.
type Deck struct {
	Cards  []Card     `json:"cards"`
	Totals DeckTotals `json:"totals"`
}

// DeckTotals are the counts a rulebook states ("50 state cards, 16
// transportation cards").
type DeckTotals struct {
	RegionCards    int `json:"regionCards"`
	TransportCards int `json:"transportCards"`
	Cards          int `json:"cards"`
}

// Expect is what the rulebook says the box holds.
type Expect struct {
	RegionCards    *int `json:"regionCards,omitempty"`
	TransportCards *int `json:"transportCards,omitempty"`
	Regions        *int `json:"regions,omitempty"`
}

// ParamColorsPublished is the provenance parameter that says the pack's
// colours reproduce a published game's palette (colors.published in the
// edition); a combined pack has it once per member, "<map>.colors.published".
const ParamColorsPublished = "colors.published"

// Provenance records how a pack was made, so that it can be made again.
type Provenance struct {
	Tool       string            `json:"tool"`
	Version    string            `json:"version"`
	Inputs     []Input           `json:"inputs"`
	Parameters map[string]string `json:"parameters,omitempty"`
	Notes      []string          `json:"notes,omitempty"`
}

// Input is one file a pack was derived from.
type Input struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes"`
}

// Region returns the region with the given id, or nil.
func (p *Pack) Region(id string) *Region {
	for i := range p.Regions {
		if p.Regions[i].ID == id {
			return &p.Regions[i]
		}
	}
	return nil
}

// MaxDeckCards is the most cards a deck (and any one card's count, and any
// other counted box content: station tokens, gold, company cards) may
// hold. The schema says so, and the engines refuse a bigger deck before
// allocating it: a printed game has a few hundred cards, and a count of
// 2^63-1 must not become a 16 GB allocation.
const MaxDeckCards = 100_000

// TotalsOf counts the cards of a deck. The sums saturate instead of
// wrapping: counts of 2^63-1 must not add up to a small, plausible total.
// A negative count (refused by the schema) counts as none.
func TotalsOf(cards []Card) DeckTotals {
	var t DeckTotals
	for _, c := range cards {
		if c.Kind == RegionCard {
			t.RegionCards = SatAdd(t.RegionCards, c.Count)
		} else {
			t.TransportCards = SatAdd(t.TransportCards, c.Count)
		}
	}
	t.Cards = SatAdd(t.RegionCards, t.TransportCards)
	return t
}

// SatAdd adds a count n >= 0 to a total, stopping at math.MaxInt instead of
// wrapping; a negative n adds nothing.
func SatAdd(total, n int) int {
	if n <= 0 {
		return total
	}
	if total > math.MaxInt-n {
		return math.MaxInt
	}
	return total + n
}

// MinDeckFor is the fewest cards that deal players holders of days cards and
// still leave three face-up piles and a card to draw.
func MinDeckFor(players, days int) int { return players*days + DefaultFaceUp + 1 }
