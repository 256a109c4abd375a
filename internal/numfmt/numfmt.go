// Package numfmt writes numbers for people to read in the toolkit's text
// reports: whole numbers with their digits grouped by thousands, shares as
// percentages with one decimal.
//
// It lays nothing out in columns (internal/textwidth does) and parses
// nothing.
package numfmt

import (
	"fmt"
	"strings"
)

// GroupDigits writes the digits of a whole number, such as big.Int's
// String, in groups of three: 1234567 as 1,234,567. A sign stays in front.
func GroupDigits(s string) string {
	sign := ""
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		sign, s = s[:1], s[1:]
	}
	out := make([]byte, 0, len(sign)+len(s)+len(s)/3)
	out = append(out, sign...)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// Percent writes a share (0.125) as a percentage with one decimal (12.5%).
func Percent(share float64) string { return fmt.Sprintf("%.1f%%", 100*share) }

// PercentShort writes a share as Percent does, without a decimal that is
// zero: 0.429 as 42.9%, 0.03 as 3%. The doctor's reports use it.
func PercentShort(share float64) string {
	s := Percent(share)
	if strings.HasSuffix(s, ".0%") {
		return s[:len(s)-3] + "%"
	}
	return s
}
