package colors

import (
	"math"

	"github.com/tendays/tendays/colorvision"
)

// Canonical are the toolkit's colours for the usual colour names: the look
// a palette starts from when the edition gives no hex. A name not here
// starts from an evenly spaced hue of its own.
var Canonical = map[string]string{
	"dark-blue": "#1f4e8c", "light-blue": "#7fb8e0", "blue": "#2f6fb7", "green": "#4a9a4a",
	"red": "#c8423b", "tan": "#d8b98a", "orange": "#e8863a", "pink": "#e48bb4",
	"yellow": "#ecd04a", "purple": "#8a5cad", "white": "#f4f4f0", "black": "#303030",
	"grey": "#9a9a9a", "gray": "#9a9a9a", "brown": "#8b5a2b", "peach": "#f6b48f",
}

// aim is the distance the chooser aims for: the threshold with a margin,
// so that rounding to #rrggbb never takes a pair under it.
const aim = colorvision.Threshold + 2

// Hexes gives each colour of names a #rrggbb that people with every common
// kind of colour vision tell apart from the others: the smallest distance
// between two of them (CAM02-UCS, with normal vision and under simulated
// deuteranopia, protanopia and tritanopia) at least colorvision.Threshold
// where the kept colours allow it, and as large as can be where not.
//
// keep holds colours that stay as they are (the edition's own hexes);
// near holds the look each other colour should stay close to (nil: its
// Canonical hex). Among the shades around each look (hue within 16°,
// lightness and saturation within a step or two) the chooser takes the set
// that reaches the aim with the least change of look, by coordinate ascent
// from the looks themselves: the same names give the same hexes.
func Hexes(names []string, keep, near map[string]string) []string {
	out := make([]string, len(names))
	cands := make([][]colorvision.RGB, len(names))
	ucs := make([][][]colorvision.UCS, len(names)) // colour, candidate, vision
	for i, n := range names {
		if h, ok := keep[n]; ok {
			if c, err := colorvision.ParseHex(h); err == nil {
				out[i] = h
				cands[i] = []colorvision.RGB{c}
			}
		}
		if cands[i] == nil {
			look, ok := near[n]
			if !ok {
				look = Canonical[n]
			}
			c, err := colorvision.ParseHex(look)
			if err != nil {
				c = hslRGB(float64(i)*360/float64(max(1, len(names)))+15, 0.65, 0.5)
			}
			cands[i] = shades(c)
		}
		for _, c := range cands[i] {
			per := make([]colorvision.UCS, len(colorvision.Visions))
			for k, v := range colorvision.Visions {
				per[k] = colorvision.ToUCS(c, v)
			}
			ucs[i] = append(ucs[i], per)
		}
	}
	// score: the smallest distance up to the aim counts first; then the
	// change of look (normal vision) from each colour's first candidate.
	score := func(pick []int) float64 {
		least, change := math.Inf(1), 0.0
		for a := range pick {
			change += ucs[a][pick[a]][0].Distance(ucs[a][0][0])
			for b := a + 1; b < len(pick); b++ {
				for k := range colorvision.Visions {
					least = min(least, ucs[a][pick[a]][k].Distance(ucs[b][pick[b]][k]))
				}
			}
		}
		return min(least, aim)*1000 - change
	}
	pick := make([]int, len(names))
	cur := score(pick)
	for changed := true; changed; {
		changed = false
		for a := range pick {
			for k := range cands[a] {
				old := pick[a]
				pick[a] = k
				if s := score(pick); s > cur+1e-9 {
					cur, changed = s, true
				} else {
					pick[a] = old
				}
			}
		}
	}
	for i, k := range pick {
		if out[i] == "" {
			out[i] = cands[i][k].Hex()
		}
	}
	return out
}

// shades are the candidates around a colour, itself first: its hue turned
// up to 16° either way, its saturation and lightness moved a step or two.
func shades(c colorvision.RGB) []colorvision.RGB {
	h, s, l := rgbHSL(c)
	out := []colorvision.RGB{c}
	for _, dh := range []float64{0, -8, 8, -16, 16} {
		for _, ds := range []float64{0, -0.15, 0.15} {
			for _, dl := range []float64{0, -0.08, 0.08, -0.16, 0.16} {
				if dh == 0 && ds == 0 && dl == 0 {
					continue
				}
				ss, ll := s+ds, l+dl
				if ss < 0.15 || ss > 1 || ll < 0.12 || ll > 0.9 {
					continue
				}
				out = append(out, hslRGB(math.Mod(h+dh+360, 360), ss, ll))
			}
		}
	}
	return out
}

func rgbHSL(c colorvision.RGB) (h, s, l float64) {
	r, g, b := c[0], c[1], c[2]
	hi, lo := max(r, g, b), min(r, g, b)
	l = (hi + lo) / 2
	d := hi - lo
	if d == 0 {
		return 0, 0, l
	}
	s = d / (1 - math.Abs(2*l-1))
	switch hi {
	case r:
		h = 60 * math.Mod((g-b)/d+6, 6)
	case g:
		h = 60 * ((b-r)/d + 2)
	default:
		h = 60 * ((r-g)/d + 4)
	}
	return h, s, l
}

func hslRGB(h, s, l float64) colorvision.RGB {
	c := (1 - math.Abs(2*l-1)) * s
	hp := math.Mod(h, 360) / 60
	x := c * (1 - math.Abs(math.Mod(hp, 2)-1))
	var r, g, b float64
	switch {
	case hp < 1:
		r, g, b = c, x, 0
	case hp < 2:
		r, g, b = x, c, 0
	case hp < 3:
		r, g, b = 0, c, x
	case hp < 4:
		r, g, b = 0, x, c
	case hp < 5:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	m := l - c/2
	return colorvision.RGB{r + m, g + m, b + m}
}
