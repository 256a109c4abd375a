package numtext

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGroupDigits(t *testing.T) {
	for in, want := range map[string]string{"": "", "7": "7", "123": "123", "1234": "1,234",
		"123456": "123,456", "1234567": "1,234,567", "12345678901": "12,345,678,901"} {
		assert.Equal(t, want, GroupDigits(in), in)
	}
}

func TestPercent(t *testing.T) {
	for x, want := range map[float64]string{0: "0%", 0.03: "3%", 0.429: "42.9%", 1: "100%", 0.0004: "0%", 0.4444: "44.4%"} {
		assert.Equal(t, want, Percent(x), "%v", x)
	}
}
