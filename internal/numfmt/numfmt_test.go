package numfmt

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGroupDigits(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "",
		"7":                       "7",
		"123":                     "123",
		"1234":                    "1,234",
		"1234567":                 "1,234,567",
		"100000":                  "100,000",
		"-1234":                   "-1,234",
		"-123":                    "-123",
		"98765432109876543210987": "98,765,432,109,876,543,210,987",
	} {
		assert.Equal(t, want, GroupDigits(in), in)
	}
}

func TestPercent(t *testing.T) {
	for share, want := range map[float64]string{0: "0.0%", 0.125: "12.5%", 1: "100.0%", 0.33333: "33.3%", 0.0004: "0.0%"} {
		assert.Equal(t, want, Percent(share), share)
	}
}

func TestPercentShort(t *testing.T) {
	for share, want := range map[float64]string{0.429: "42.9%", 0.03: "3%", 0: "0%", 1: "100%", 0.0004: "0%", 0.125: "12.5%"} {
		assert.Equal(t, want, PercentShort(share), "%v", share)
	}
}
