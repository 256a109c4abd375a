package mapdata

// KindCombined is an edition that plays several boxes at once (20 Days
// Around the World): it names member editions and how their maps join; its
// pack is an ordinary regions pack with a Combined block and every region
// marked with its map.
const KindCombined = "combined"

// CombinedEdition is edition.yaml of kind combined.
type CombinedEdition struct {
	Kind    string    `json:"kind"`
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Days    int       `json:"days"`
	Members []string  `json:"members"` // bundled editions, or folders beside this one
	Piles   PilesSpec `json:"piles"`
	// Win: "every-map" (a region of every member map in the journey).
	Win string `json:"win"`
	// Planes: "within-map" (a plane links two regions of its own map) or
	// "across" (by colour name, whatever the map).
	Planes string `json:"planes"`
	// Same lists places that are one on two maps ([europe:Russia,
	// asia:Russia]): each walks to the other's neighbours and shares its
	// seas and rail lines.
	Same [][]string `json:"same,omitempty"`
	// Links are walking links between maps (a: europe:Spain, b:
	// africa:Morocco).
	Links []LinkSpec `json:"links,omitempty"`
	// Seas are oceans two maps share: one sea of the combined pack.
	Seas       []SharedSeaSpec `json:"seas,omitempty"`
	Provenance []string        `json:"provenance,omitempty"`
}

// PilesSpec is how the cards left after dealing are laid out.
type PilesSpec struct {
	Draw   int `json:"draw"`
	FaceUp int `json:"face_up"`
}

// SharedSeaSpec is one sea of a combined pack made of member seas
// ("europe:atlantic").
type SharedSeaSpec struct {
	ID   string   `json:"id"`
	Name string   `json:"name"`
	Of   []string `json:"of"`
	Why  string   `json:"why,omitempty"`
}

// Combined is what a combined pack adds: its member maps, the piles and the
// win condition.
type Combined struct {
	Members   []Member `json:"members"`
	DrawPiles int      `json:"drawPiles"`
	FaceUp    int      `json:"faceUp"`
	// Win: "every-map".
	Win    string `json:"win"`
	Planes string `json:"planes"`
	// Same lists the places that are one on two maps, by region id
	// ([europe.RUS, asia.RUS]): two cards of one place side by side are
	// one place twice.
	Same [][]string `json:"same,omitempty"`
}

// Member is one map of a combined pack.
type Member struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Win conditions and plane rules of combined editions.
const (
	WinEveryMap     = "every-map"
	PlanesWithinMap = "within-map"
	PlanesAcross    = "across"
)

// CombinedEditionDoc is a combined edition file read and decoded.
type CombinedEditionDoc struct {
	*Doc
	Edition *CombinedEdition
}

// DecodeCombinedEdition reads edition.yaml of kind combined.
func DecodeCombinedEdition(file string, src []byte) (*CombinedEditionDoc, error) {
	doc, err := ParseYAML(file, src)
	if err != nil {
		return nil, err
	}
	var e CombinedEdition
	if err := doc.decodeInto(&e); err != nil {
		return nil, err
	}
	return &CombinedEditionDoc{Doc: doc, Edition: &e}, nil
}
