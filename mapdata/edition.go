package mapdata

// Edition is the source of a pack, as a designer writes it in edition.yaml.
// Field names follow the file (snake_case); see DESIGN.md for the contract.
// Names in override lists are region names as the borders data spells them,
// or the board's names, or ids: derive resolves each, and lint reports the
// ones that name nothing.
type Edition struct {
	Kind       string              `json:"kind,omitempty"` // "regions" (the default) or a route-network kind
	ID         string              `json:"id"`
	Name       string              `json:"name"`
	Days       int                 `json:"days"`
	Rules      EditionRules        `json:"rules,omitempty"`
	Borders    BordersSpec         `json:"borders"`
	Adjacency  AdjacencySpec       `json:"adjacency,omitempty"`
	Regions    RegionsSpec         `json:"regions,omitempty"`
	AirOnly    []string            `json:"air_only,omitempty"`
	Board      BoardSpec           `json:"board,omitempty"`
	Colors     ColorsSpec          `json:"colors"`
	Copies     map[string]int      `json:"copies,omitempty"`
	Links      LinksSpec           `json:"links,omitempty"`
	Transports TransportsSpec      `json:"transports"`
	Seas       map[string]SeaSpec  `json:"seas,omitempty"`
	Rails      map[string]RailSpec `json:"rails,omitempty"`
	// ShipRoutes are the ship routes drawn on the board (Europa Tour's ferry
	// lines): a ship card of the routes (transports.ship.routes) joins two
	// stops of one route, and nothing else.
	ShipRoutes map[string]ShipRouteSpec `json:"ship_routes,omitempty"`
	Expect     ExpectSpec               `json:"expect,omitempty"`
	Provenance []string                 `json:"provenance,omitempty"` // free notes copied into the pack
}

// EditionRules are the rulebook switches. Each one left out plays as the
// series' boxes do (see rules.go): three face-up piles, seat order, region
// cards at both ends of a journey, every region in a colour, the transports
// under their own names, no swap.
type EditionRules struct {
	Swap bool `json:"swap,omitempty"`
	// FaceUp is the number of face-up piles (0: three; Europa Tour has five).
	FaceUp int `json:"face_up,omitempty"`
	// Start is who takes the first turn: "seat-order" (the default) or
	// "first-to-fill" (everyone fills at once; the first to fill starts).
	Start      string              `json:"start,omitempty"`
	Journey    JourneySpec         `json:"journey,omitempty"`
	Colorless  *ColorlessSpec      `json:"colorless,omitempty"`
	Transports map[string]KindSpec `json:"transports,omitempty"`
}

// BordersSpec names the borders file and how its features become regions.
type BordersSpec struct {
	// File is a borders file, a folder of them, a glob or a zip; Files
	// are more of the same, read after it.
	File   string   `json:"file,omitempty"`
	Files  []string `json:"files,omitempty"`
	Object string   `json:"object,omitempty"` // TopoJSON: the object to read
	Layer  string   `json:"layer,omitempty"`  // GeoPackage: the layer to read
	ID     string   `json:"id,omitempty"`     // the property naming a region, or "$id"
	// Dissolve (default true) joins features sharing an id, or a value of
	// DissolveBy, into one multi-part region.
	Dissolve   *bool  `json:"dissolve,omitempty"`
	DissolveBy string `json:"dissolve_by,omitempty"`
}

// Names are the borders inputs the spec names, File first.
func (b BordersSpec) Names() []string {
	var out []string
	if b.File != "" {
		out = append(out, b.File)
	}
	return append(out, b.Files...)
}

// Dissolves says whether features sharing an id are joined (the default).
func (b BordersSpec) Dissolves() bool { return b.Dissolve == nil || *b.Dissolve }

// AdjacencySpec sets how borders are found.
type AdjacencySpec struct {
	Rule       string  `json:"rule,omitempty"` // rook (default) or queen
	ToleranceM float64 `json:"tolerance_m,omitempty"`
	MinBorderM float64 `json:"min_border_m,omitempty"`
}

// RegionsSpec selects and renames the regions of the borders file.
type RegionsSpec struct {
	IDs   map[string]string `json:"ids,omitempty"`   // data name -> short id
	Names map[string]string `json:"names,omitempty"` // data name -> board name
	// Translations are each region's names in other languages: region (id
	// or name) -> language code -> name.
	Translations map[string]map[string]string `json:"translations,omitempty"`
	Omit         []string                     `json:"omit,omitempty"`
	Merge        map[string][]string          `json:"merge,omitempty"` // kept region -> regions merged into it
	Split        map[string]SplitSpec         `json:"split,omitempty"`
}

// BoardSpec is how the board is drawn; no rule of play depends on it.
type BoardSpec struct {
	Insets []InsetSpec `json:"insets,omitempty"`
}

// InsetSpec is one box beside the main map holding far regions.
type InsetSpec struct {
	Regions []string `json:"regions"` // by id or name
	Title   string   `json:"title,omitempty"`
}

// SplitSpec cuts one region into several.
type SplitSpec struct {
	Cut   string                `json:"cut,omitempty"` // GeoJSON file of LineStrings
	Parts map[string][2]float64 `json:"parts"`         // part name -> [lon, lat] inside it
}

// ColorsSpec gives or constrains the regions' colours.
type ColorsSpec struct {
	Palette []string          `json:"palette"`
	Assign  map[string]string `json:"assign,omitempty"`
	Same    [][]string        `json:"same,omitempty"`
	Hex     map[string]string `json:"hex,omitempty"`      // colour -> #rrggbb for pictures
	AirOnly string            `json:"air_only,omitempty"` // colour of air-only regions (default white)
	// Published marks a palette that reproduces a published game's colours:
	// it is kept as the box has it, and lint's colors/cvd reports its pairs
	// that colour-blind players confuse as info, not as a warning.
	Published bool `json:"published,omitempty"`
}

// LinksSpec adds and removes links.
type LinksSpec struct {
	Add    []LinkSpec `json:"add,omitempty"`
	Remove []LinkSpec `json:"remove,omitempty"`
}

// LinkSpec is one link an edition adds or removes.
type LinkSpec struct {
	A    string `json:"a"`
	B    string `json:"b"`
	Kind string `json:"kind,omitempty"` // add: bridge or ferry (default ferry); remove: border (default) or car
	Why  string `json:"why,omitempty"`
}

// TransportsSpec is the deck recipe for transport cards.
type TransportsSpec struct {
	Airplane   *AirplaneSpec   `json:"airplane,omitempty"`
	Automobile *AutomobileSpec `json:"automobile,omitempty"`
	Ship       map[string]int  `json:"ship,omitempty"` // sea -> cards; ShipRoutes -> cards along the routes
	Train      *TrainSpec      `json:"train,omitempty"`
}

// ShipRouteSpec is a ship route drawn on the board: a pair of regions, or a
// chain of them (a ship joins any two stops of one route, as a train joins
// two stops of one line).
type ShipRouteSpec struct {
	Name  string   `json:"name,omitempty"`
	Stops []string `json:"stops"`
}

// AirplaneSpec: planes of every palette colour.
type AirplaneSpec struct {
	PerColor int `json:"per_color"`
}

// AutomobileSpec: neutral car cards and what counts as bordering for them.
type AutomobileSpec struct {
	Count   int      `json:"count"`
	Through []string `json:"through,omitempty"` // link kinds; default [border]
}

// TrainSpec: neutral train cards, or cards per line.
type TrainSpec struct {
	Count   int            `json:"count,omitempty"`
	PerLine map[string]int `json:"per_line,omitempty"`
}

// SeaSpec says which regions are on a sea.
type SeaSpec struct {
	Name     string       `json:"name"`
	Geometry *SeaGeometry `json:"geometry,omitempty"`
	Regions  []string     `json:"regions,omitempty"` // listed outright
	Add      []string     `json:"add,omitempty"`
	Remove   []string     `json:"remove,omitempty"`
	// Connects names the seas this one joins; the relation is symmetric
	// (one side may list it). Two ship cards side by side are allowed when
	// their seas connect.
	Connects []string `json:"connects,omitempty"`
}

// SeaGeometry matches polygons of a GeoJSON file to a sea.
type SeaGeometry struct {
	File       string   `json:"file"`
	Property   string   `json:"property,omitempty"` // default "name"
	Match      []string `json:"match,omitempty"`    // property values; default: the sea's id
	ToleranceM float64  `json:"tolerance_m,omitempty"`
	MinCoastKm float64  `json:"min_coast_km,omitempty"`
}

// RailSpec is a rail line: listed stops, or a LineString in a GeoJSON file.
type RailSpec struct {
	Name     string        `json:"name"`
	Stops    []string      `json:"stops,omitempty"`
	Geometry *RailGeometry `json:"geometry,omitempty"`
}

// RailGeometry matches a LineString of a GeoJSON file to a rail line.
type RailGeometry struct {
	File     string `json:"file"`
	Property string `json:"property,omitempty"`
	Match    string `json:"match,omitempty"`
}

// ExpectSpec is what the rulebook states the box holds.
type ExpectSpec struct {
	RegionCards    *int `json:"region_cards,omitempty"`
	TransportCards *int `json:"transport_cards,omitempty"`
	Regions        *int `json:"regions,omitempty"`
}
