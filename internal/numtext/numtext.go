// Package numtext writes numbers as people read them in reports: digits
// grouped by thousands (1,234,567) and shares as percentages with one
// decimal, dropped when it is zero (42.9%, 3%).
//
// It parses nothing and knows no locale: the commas and the point are the
// toolkit's own, the same in every report.
package numtext

import (
	"fmt"
	"strings"
)

// GroupDigits writes the digits of s (1234567) in groups of three,
// 1,234,567.
func GroupDigits(s string) string {
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// Percent writes a share x (0.429) as a percentage with one decimal,
// 42.9%, and a whole percentage without it, 3%.
func Percent(x float64) string {
	s := fmt.Sprintf("%.1f%%", 100*x)
	return strings.Replace(s, ".0%", "%", 1)
}
