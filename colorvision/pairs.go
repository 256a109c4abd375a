package colorvision

// Threshold is the distance (CAM02-UCS) at and above which two card
// colours are taken to be told apart across a table, under every vision:
// the toolkit's own choice. About ten times a just noticeable difference,
// it is what the best six of the Okabe–Ito colours (a palette designed for
// colour-blind readers) keep, at 11.7, and what the published boxes' close
// pairs miss (8.3, 7.0, 7.6).
const Threshold = 10.0

// Pair is two colours of a palette (by index) and how close they come.
type Pair struct {
	A, B     int
	Vision   Vision
	Distance float64
}

// Closest is, for each vision in visions, the pair of palette colours that
// look closest; ties go to the earlier pair (by A, then B), so the answer is
// the same on every run. A palette of fewer than two colours has none.
func Closest(palette []RGB, visions []Vision) []Pair {
	if len(palette) < 2 {
		return nil
	}
	out := make([]Pair, 0, len(visions))
	for _, v := range visions {
		ucs := make([]UCS, len(palette))
		for i, c := range palette {
			ucs[i] = ToUCS(c, v)
		}
		best := Pair{Vision: v, Distance: -1}
		for i := range ucs {
			for j := i + 1; j < len(ucs); j++ {
				if d := ucs[i].Distance(ucs[j]); best.Distance < 0 || d < best.Distance {
					best = Pair{A: i, B: j, Vision: v, Distance: d}
				}
			}
		}
		out = append(out, best)
	}
	return out
}

// Below lists every pair of palette colours closer than min under some
// vision of visions: by vision (in the order given), then by A and B.
func Below(palette []RGB, visions []Vision, min float64) []Pair {
	var out []Pair
	for _, v := range visions {
		ucs := make([]UCS, len(palette))
		for i, c := range palette {
			ucs[i] = ToUCS(c, v)
		}
		for i := range ucs {
			for j := i + 1; j < len(ucs); j++ {
				if d := ucs[i].Distance(ucs[j]); d < min {
					out = append(out, Pair{A: i, B: j, Vision: v, Distance: d})
				}
			}
		}
	}
	return out
}

// MinDistance is the smallest distance between two colours of palette under
// any of visions (0 for fewer than two colours).
func MinDistance(palette []RGB, visions []Vision) float64 {
	m := -1.0
	for _, p := range Closest(palette, visions) {
		if m < 0 || p.Distance < m {
			m = p.Distance
		}
	}
	return max(m, 0)
}
