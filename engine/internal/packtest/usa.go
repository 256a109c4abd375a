package packtest

import (
	"maps"
	"slices"
	"strings"

	"github.com/tendays/tendays/mapdata"
)

// usaStates: postal code, name, colour. The colours are the unverified
// community transcription recorded in shared/editions/FACTS.md; they satisfy
// both rulebook examples (Arizona and Ohio share a colour, as do Pennsylvania
// and Georgia).
var usaStates = [][3]string{
	{"AL", "Alabama", "dark-blue"}, {"AK", "Alaska", "white"}, {"AZ", "Arizona", "tan"},
	{"AR", "Arkansas", "tan"}, {"CA", "California", "green"}, {"CO", "Colorado", "red"},
	{"CT", "Connecticut", "green"}, {"DE", "Delaware", "tan"}, {"FL", "Florida", "green"},
	{"GA", "Georgia", "light-blue"}, {"HI", "Hawaii", "white"}, {"ID", "Idaho", "red"},
	{"IL", "Illinois", "dark-blue"}, {"IN", "Indiana", "green"}, {"IA", "Iowa", "light-blue"},
	{"KS", "Kansas", "tan"}, {"KY", "Kentucky", "light-blue"}, {"LA", "Louisiana", "light-blue"},
	{"ME", "Maine", "dark-blue"}, {"MD", "Maryland", "green"}, {"MA", "Massachusetts", "light-blue"},
	{"MI", "Michigan", "red"}, {"MN", "Minnesota", "green"}, {"MS", "Mississippi", "red"},
	{"MO", "Missouri", "red"}, {"MT", "Montana", "green"}, {"NE", "Nebraska", "green"},
	{"NV", "Nevada", "light-blue"}, {"NH", "New Hampshire", "green"}, {"NJ", "New Jersey", "red"},
	{"NM", "New Mexico", "light-blue"}, {"NY", "New York", "dark-blue"}, {"NC", "North Carolina", "dark-blue"},
	{"ND", "North Dakota", "red"}, {"OH", "Ohio", "tan"}, {"OK", "Oklahoma", "dark-blue"},
	{"OR", "Oregon", "dark-blue"}, {"PA", "Pennsylvania", "light-blue"}, {"RI", "Rhode Island", "tan"},
	{"SC", "South Carolina", "tan"}, {"SD", "South Dakota", "dark-blue"}, {"TN", "Tennessee", "green"},
	{"TX", "Texas", "red"}, {"UT", "Utah", "dark-blue"}, {"VT", "Vermont", "red"},
	{"VA", "Virginia", "red"}, {"WA", "Washington", "tan"}, {"WV", "West Virginia", "dark-blue"},
	{"WI", "Wisconsin", "tan"}, {"WY", "Wyoming", "light-blue"},
}

// usaBorders: each state with the states it shares a land border with (or
// the Mackinac-bridged Michigan peninsulas' neighbours). No Four Corners
// diagonals (AZ–CO, UT–NM), no water-only lines (MI–IL, MI–MN, NY–RI).
var usaBorders = map[string]string{
	"AL": "FL GA MS TN", "AZ": "CA NV UT NM", "AR": "LA MS MO OK TN TX", "CA": "AZ NV OR",
	"CO": "KS NE NM OK UT WY", "CT": "MA NY RI", "DE": "MD NJ PA", "FL": "AL GA",
	"GA": "AL FL NC SC TN", "ID": "MT NV OR UT WA WY", "IL": "IN IA KY MO WI", "IN": "IL KY MI OH",
	"IA": "IL MN MO NE SD WI", "KS": "CO MO NE OK", "KY": "IL IN MO OH TN VA WV", "LA": "AR MS TX",
	"ME": "NH", "MD": "DE PA VA WV", "MA": "CT NH NY RI VT", "MI": "IN OH WI",
	"MN": "IA ND SD WI", "MS": "AL AR LA TN", "MO": "AR IL IA KS KY NE OK TN", "MT": "ID ND SD WY",
	"NE": "CO IA KS MO SD WY", "NV": "AZ CA ID OR UT", "NH": "ME MA VT", "NJ": "DE NY PA",
	"NM": "AZ CO OK TX", "NY": "CT MA NJ PA VT", "NC": "GA SC TN VA", "ND": "MN MT SD",
	"OH": "IN KY MI PA WV", "OK": "AR CO KS MO NM TX", "OR": "CA ID NV WA", "PA": "DE MD NJ NY OH WV",
	"RI": "CT MA", "SC": "GA NC", "SD": "IA MN MT NE ND WY", "TN": "AL AR GA KY MS MO NC VA",
	"TX": "AR LA NM OK", "UT": "AZ CO ID NV WY", "VT": "MA NH NY", "VA": "KY MD NC TN WV",
	"WA": "ID OR", "WV": "KY MD OH PA VA", "WI": "IL IA MI MN", "WY": "CO ID MT NE SD UT",
}

// USASpec is the USA-like map: 50 state cards, 2 planes of each of five
// colours, 6 cars, 10 days. Border lengths are left out (unknown here).
func USASpec() Spec {
	s := Spec{ID: "usa", Name: "10 Days in the USA (test fixture)", Days: 10,
		Colors: []string{"dark-blue", "light-blue", "green", "red", "tan", "white"},
		Planes: map[string]int{"dark-blue": 2, "light-blue": 2, "green": 2, "red": 2, "tan": 2},
		Cars:   6,
	}
	for _, st := range usaStates {
		s.Regions = append(s.Regions, RegionSpec{ID: st[0], Name: st[1], Color: st[2], AirOnly: st[2] == "white"})
	}
	seen := map[[2]string]bool{}
	for _, a := range slices.Sorted(maps.Keys(usaBorders)) {
		for _, b := range strings.Fields(usaBorders[a]) {
			key := [2]string{min(a, b), max(a, b)}
			if !seen[key] {
				seen[key] = true
				s.Borders = append(s.Borders, Border{A: key[0], B: key[1]})
			}
		}
	}
	return s
}

// USA is the USA-like pack.
func USA() *mapdata.Pack { return Build(USASpec()) }
