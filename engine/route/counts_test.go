package route

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

// TestCompileRefusesHugeCounts: counted box contents beyond
// mapdata.MaxDeckCards are refused before they are laid out one by one,
// and counts whose sum wraps do not pass as small.
func TestCompileRefusesHugeCounts(t *testing.T) {
	_, err := Compile(tinyPack())
	require.NoError(t, err)

	p := tinyPack()
	p.Gold = append(p.Gold, mapdata.GoldCount{Points: 1, Count: 300_000_000})
	_, err = Compile(p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "/gold: ")
	assert.Contains(t, err.Error(), "more than the 100000")

	p = tinyPack()
	p.Companies[0].Cards = math.MaxInt64
	p.Companies[1].Cards = math.MaxInt64
	_, err = Compile(p)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "/companies: ")
	assert.Equal(t, math.MaxInt, p.CompanyCards(), "saturates, not wraps")
}
