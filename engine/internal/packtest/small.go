package packtest

import "github.com/tendays/tendays/mapdata"

// GridSpec is a 3×3 grid of regions in two checkerboard colours, linked on
// their sides only (where four meet, diagonals are not neighbours, as at the
// Four Corners), with one plane per colour, two cars, 5 days.
//
//	A1 Ash      A2 Birch   A3 Cedar
//	B1 Dogwood  B2 Elm     B3 Fir
//	C1 Gum      C2 Hazel   C3 Ivy
func GridSpec() Spec {
	s := Spec{ID: "grid", Name: "Grid (test fixture)", Days: 5,
		Colors: []string{"blue", "red"},
		Planes: map[string]int{"red": 5, "blue": 5},
		Cars:   5,
	}
	names := []string{"Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gum", "Hazel", "Ivy"}
	id := func(row, col int) string { return string(rune('A'+row)) + string(rune('1'+col)) }
	for row := range 3 {
		for col := range 3 {
			color := "red"
			if (row+col)%2 == 1 {
				color = "blue"
			}
			s.Regions = append(s.Regions, RegionSpec{ID: id(row, col), Name: names[row*3+col], Color: color})
			if col < 2 {
				s.Borders = append(s.Borders, Border{A: id(row, col), B: id(row, col+1), Km: float64(100 + 10*row + col)})
			}
			if row < 2 {
				s.Borders = append(s.Borders, Border{A: id(row, col), B: id(row+1, col), Km: float64(200 + 10*row + col)})
			}
		}
	}
	return s
}

// Grid is the grid pack.
func Grid() *mapdata.Pack { return Build(GridSpec()) }

// EuropeSpec is a small Europe-like map of countries: seas, two rail lines
// (one neutral train card kind and one line-specific), a bridge
// (Denmark–Sweden), a ferry (France–England), an island reachable only by
// ship or plane (Iceland), doubles (Spain, France, Germany, Sweden), the swap
// rule, 10 days: 44 cards, enough for four players.
func EuropeSpec() Spec {
	return Spec{ID: "europe-mini", Name: "10 Days in Europe (test fixture)", Days: 10, Swap: true,
		Colors: []string{"blue", "green", "pink", "yellow"},
		Regions: []RegionSpec{
			{ID: "ES", Name: "Spain", Color: "yellow", Copies: 2, Seas: []string{"atlantic", "med"}},
			{ID: "FR", Name: "France", Color: "blue", Copies: 2, Seas: []string{"atlantic", "med"}},
			{ID: "PT", Name: "Portugal", Color: "green", Seas: []string{"atlantic"}},
			{ID: "IT", Name: "Italy", Color: "green", Seas: []string{"med"}},
			{ID: "DE", Name: "Germany", Color: "pink", Copies: 2, Seas: []string{"atlantic", "baltic"}},
			{ID: "DK", Name: "Denmark", Color: "yellow", Seas: []string{"atlantic", "baltic"}},
			{ID: "SE", Name: "Sweden", Color: "blue", Copies: 2, Seas: []string{"atlantic", "baltic"}},
			{ID: "NO", Name: "Norway", Color: "pink", Seas: []string{"atlantic"}},
			{ID: "EN", Name: "England", Color: "pink", Seas: []string{"atlantic"}},
			{ID: "IS", Name: "Iceland", Color: "green", Seas: []string{"atlantic"}},
			{ID: "CH", Name: "Switzerland", Color: "yellow"},
			{ID: "AT", Name: "Austria", Color: "blue"},
			{ID: "PL", Name: "Poland", Color: "green", Seas: []string{"baltic"}},
			{ID: "TR", Name: "Turkey", Color: "blue", Seas: []string{"med"}},
			{ID: "NL", Name: "Netherlands", Color: "yellow", Seas: []string{"atlantic"}},
			{ID: "BE", Name: "Belgium", Color: "green", Seas: []string{"atlantic"}},
			{ID: "GR", Name: "Greece", Color: "pink", Seas: []string{"med"}},
			{ID: "FI", Name: "Finland", Color: "yellow", Seas: []string{"baltic"}},
		},
		Borders: []Border{
			{A: "ES", B: "PT", Km: 1214}, {A: "ES", B: "FR", Km: 623}, {A: "FR", B: "IT", Km: 488},
			{A: "CH", B: "FR", Km: 573}, {A: "DE", B: "FR", Km: 451}, {A: "CH", B: "DE", Km: 334},
			{A: "AT", B: "DE", Km: 784}, {A: "DE", B: "DK", Km: 68}, {A: "DE", B: "PL", Km: 467},
			{A: "CH", B: "IT", Km: 740}, {A: "AT", B: "CH", Km: 164}, {A: "AT", B: "IT", Km: 404},
			{A: "NO", B: "SE", Km: 1619}, {A: "DE", B: "NL", Km: 567}, {A: "BE", B: "NL", Km: 478},
			{A: "BE", B: "DE", Km: 204}, {A: "BE", B: "FR", Km: 659}, {A: "FI", B: "SE", Km: 545},
			{A: "FI", B: "NO", Km: 736}, {A: "GR", B: "TR", Km: 192},
			{A: "DK", B: "SE", Kind: mapdata.Bridge}, {A: "EN", B: "FR", Kind: mapdata.Ferry},
		},
		Seas: []mapdata.Sea{{ID: "atlantic", Name: "Atlantic Ocean"}, {ID: "baltic", Name: "Baltic Sea"},
			{ID: "med", Name: "Mediterranean Sea"}},
		Rails: []mapdata.Rail{
			{ID: "north", Name: "Northern line", Stops: []string{"PL", "DE", "DK", "SE"}},
			{ID: "south", Name: "Southern line", Stops: []string{"ES", "FR", "IT", "AT", "TR"}},
		},
		Planes: map[string]int{"blue": 2, "green": 2, "pink": 2, "yellow": 2},
		Ships:  map[string]int{"atlantic": 4, "med": 3, "baltic": 2},
		Trains: map[string]int{"": 3, "north": 2},
	}
}

// Europe is the small Europe-like pack.
func Europe() *mapdata.Pack { return Build(EuropeSpec()) }
