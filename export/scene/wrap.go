package scene

import "strings"

// MiddleSpace is the byte index of the space nearest the middle of s, where
// a name breaks onto two lines, or -1 when s has no space.
func MiddleSpace(s string) int {
	best, bestD := -1, len(s)+1
	for i, r := range s {
		if r == ' ' {
			d := 2*i - len(s)
			if d < 0 {
				d = -d
			}
			if d < bestD {
				best, bestD = i, d
			}
		}
	}
	return best
}

// Wrap breaks s at spaces into lines no wider than maxW, as width measures
// them (a scene's font, or a PDF's).
func Wrap(s string, maxW float64, width func(string) float64) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		try := strings.TrimSpace(cur + " " + word)
		if cur != "" && width(try) > maxW {
			lines = append(lines, cur)
			cur = word
		} else {
			cur = try
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
