package routes

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/mapdata"
)

// station is a station being built.
type station struct {
	feature  int // index in the stations file
	dataName string
	name     string
	id       string
	number   int
	point    [2]float64
	region   string
	space    bool
	prop     any // the numbering property's value
}

// readStations reads the Points of the stations file. A feature that is not
// a Point, or has no name, is a finding at its place in that file; the
// station is left out.
func (b *builder) readStations() error {
	spec := b.ed.Stations
	src, display, err := b.files.Read(spec.File, "/stations/file")
	if err != nil {
		return err
	}
	doc, err := mapdata.ParseJSON(display, src)
	if err != nil {
		return err
	}
	b.stationsDoc = doc
	root, _ := doc.Value.(map[string]any)
	if root == nil || root["type"] != "FeatureCollection" {
		return diag.Errorf(doc.Position(""), "a stations file must be a GeoJSON FeatureCollection of Points")
	}
	features, ok := root["features"].([]any)
	if !ok {
		return diag.Errorf(doc.Position("/features"), "features must be an array")
	}
	nameProp := spec.Name
	if nameProp == "" {
		nameProp = "name"
	}
	omit := map[string]bool{}
	omitUsed := map[string]bool{}
	for _, n := range spec.Omit {
		omit[mapdata.Fold(n)] = true
	}
	byName := map[string]int{}
	byID := map[string]int{}
	for i, f := range features {
		fm, _ := f.(map[string]any)
		props, _ := fm["properties"].(map[string]any)
		name := stringProp(props, nameProp)
		if name == "" {
			b.report(RuleStationName, diag.Error, doc.Position(ptr("features", i)), "",
				"feature %d has no %q property, so it names no station", i, nameProp)
			continue
		}
		if omit[mapdata.Fold(name)] {
			omitUsed[mapdata.Fold(name)] = true
			continue
		}
		pt, ok := pointOf(fm["geometry"])
		if !ok {
			b.report(RuleStationPoint, diag.Error, doc.Position(ptr("features", i, "geometry")), "give it {\"type\": \"Point\", \"coordinates\": [lon, lat]}",
				"station %q has no point: its geometry is not a GeoJSON Point with a longitude and a latitude", name)
			continue
		}
		s := &station{feature: i, dataName: name, name: name, point: pt, space: true}
		if board, ok := spec.Names[name]; ok {
			s.name = board
		}
		if spec.ID != "" {
			s.id = stringProp(props, spec.ID)
		}
		if s.id == "" {
			s.id = slug(s.name)
		}
		if spec.Region != "" {
			s.region = stringProp(props, spec.Region)
		}
		if spec.Numbering.Property != "" {
			s.prop = props[spec.Numbering.Property]
		}
		if j, dup := byName[mapdata.Fold(s.name)]; dup {
			b.report(RuleStationName, diag.Error, doc.Position(ptr("features", i)), "",
				"station %q is named twice (features %d and %d)", s.name, b.stations[j].feature, i)
			continue
		}
		if j, dup := byID[s.id]; dup {
			b.report(RuleStationName, diag.Error, doc.Position(ptr("features", i)), "",
				"stations %q and %q have the same id %q", b.stations[j].name, s.name, s.id)
			continue
		}
		byName[mapdata.Fold(s.name)] = len(b.stations)
		byID[s.id] = len(b.stations)
		b.stations = append(b.stations, s)
	}
	for i, n := range spec.Omit {
		if !omitUsed[mapdata.Fold(n)] {
			b.unknownStation(ptr("stations", "omit", i), n)
		}
	}
	for i, n := range spec.WithoutSpace {
		if s := b.find(n); s != nil {
			s.space = false
		} else {
			b.unknownStation(ptr("stations", "without_space", i), n)
		}
	}
	return nil
}

func stringProp(props map[string]any, key string) string {
	switch v := props[key].(type) {
	case string:
		return strings.TrimSpace(v)
	case json.Number:
		return v.String()
	}
	return ""
}

func pointOf(g any) ([2]float64, bool) {
	gm, _ := g.(map[string]any)
	if gm == nil || gm["type"] != "Point" {
		return [2]float64{}, false
	}
	c, _ := gm["coordinates"].([]any)
	if len(c) < 2 {
		return [2]float64{}, false
	}
	lon, ok1 := number(c[0])
	lat, ok2 := number(c[1])
	if !ok1 || !ok2 || lon < -180 || lon > 180 || lat < -90 || lat > 90 {
		return [2]float64{}, false
	}
	return [2]float64{lon, lat}, true
}

func number(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil && !math.IsNaN(f) && !math.IsInf(f, 0)
}

// slug makes an id from a name: lower case, letters and digits, words joined
// by hyphens ("St. Louis" -> "st-louis").
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}

// find resolves a station as an edition names it: data name, board name,
// id or number.
func (b *builder) find(name string) *station {
	f := mapdata.Fold(name)
	for _, s := range b.stations {
		if mapdata.Fold(s.dataName) == f || mapdata.Fold(s.name) == f || mapdata.Fold(s.id) == f {
			return s
		}
	}
	if n, err := strconv.Atoi(strings.TrimSpace(name)); err == nil && n > 0 {
		for _, s := range b.stations {
			if s.number == n {
				return s
			}
		}
	}
	return nil
}

func (b *builder) byID(id string) *station {
	for _, s := range b.stations {
		if s.id == id {
			return s
		}
	}
	return nil
}

func (b *builder) unknownStation(pointer, name string) {
	b.report(RuleUnknownStation, diag.Error, b.at(pointer), b.nearest(name),
		"%q is not a station of %s", name, b.ed.Stations.File)
}

// nearest suggests the station names closest in spelling.
func (b *builder) nearest(name string) string {
	best, bestD := "", 1<<30
	for _, s := range b.stations {
		if d := mapdata.EditDistance(mapdata.Fold(name), mapdata.Fold(s.name)); d < bestD {
			best, bestD = s.name, d
		}
	}
	if best == "" || bestD > max(2, len(name)/3) {
		return ""
	}
	return fmt.Sprintf("did you mean %q?", best)
}

// number gives every station its number by the edition's rule.
func (b *builder) number() {
	spec := b.ed.Stations.Numbering
	rule := spec.Rule
	if rule == "" {
		rule = mapdata.NumberWestEast
	}
	order := append([]*station(nil), b.stations...)
	byName := func(i, j int) bool { return order[i].id < order[j].id }
	switch rule {
	case mapdata.NumberList:
		b.numberByList(spec.List)
		return
	case mapdata.NumberProperty:
		b.numberByProperty(spec.Property)
		return
	case mapdata.NumberWestEast, mapdata.NumberEastWest:
		sort.SliceStable(order, func(i, j int) bool {
			if order[i].point[0] != order[j].point[0] {
				return (order[i].point[0] < order[j].point[0]) == (rule == mapdata.NumberWestEast)
			}
			return byName(i, j)
		})
	case mapdata.NumberNorthSouth, mapdata.NumberSouthNorth:
		sort.SliceStable(order, func(i, j int) bool {
			if order[i].point[1] != order[j].point[1] {
				return (order[i].point[1] > order[j].point[1]) == (rule == mapdata.NumberNorthSouth)
			}
			return byName(i, j)
		})
	}
	for i, s := range order {
		s.number = i + 1
	}
}

func (b *builder) numberByList(list []string) {
	seen := map[*station]int{}
	for i, name := range list {
		s := b.find(name)
		if s == nil {
			b.unknownStation(ptr("stations", "numbering", "list", i), name)
			continue
		}
		if j, dup := seen[s]; dup {
			b.report(RuleNumbering, diag.Error, b.at(ptr("stations", "numbering", "list", i)), "",
				"%q is listed twice (numbers %d and %d)", name, j+1, i+1)
			continue
		}
		seen[s] = i
		s.number = i + 1
	}
	next := len(list)
	for _, s := range b.stations {
		if _, ok := seen[s]; !ok {
			next++
			s.number = next
			b.report(RuleNumbering, diag.Error, b.at("/stations/numbering/list"), "add it to the list",
				"station %q is not in the numbering list; it was given number %d", s.name, next)
		}
	}
}

func (b *builder) numberByProperty(prop string) {
	used := map[int]string{}
	for _, s := range b.stations {
		n := 0
		switch v := s.prop.(type) {
		case json.Number:
			if x, err := strconv.Atoi(v.String()); err == nil {
				n = x
			}
		case string:
			n, _ = strconv.Atoi(strings.TrimSpace(v))
		}
		pos := b.stationsDoc.Position(ptr("features", s.feature, "properties", prop))
		if n <= 0 {
			b.report(RuleNumbering, diag.Error, pos, "", "station %q has no positive integer %q property", s.name, prop)
			continue
		}
		if other, dup := used[n]; dup {
			b.report(RuleNumbering, diag.Error, pos, "", "stations %q and %q both have number %d", other, s.name, n)
			continue
		}
		used[n] = s.name
		s.number = n
	}
}
