package stats

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSummaryText(t *testing.T) {
	assert.Equal(t, "mean 3.2, median 2.5, p90 7 (min 1, max 7)", Of([]int{1, 2, 3, 7, 2, 4}).Text())
}

func TestRateTable(t *testing.T) {
	table := RateTable()
	AddRate(table, RateOf("seat 1", 30, 60), "")
	AddRate(table, RateOf("greedy-bot", 1, 3), "; score x")
	var out bytes.Buffer
	_, err := table.WriteTo(&out)
	assert.NoError(t, err)
	assert.Equal(t, "  seat 1       50.0%  [37.7%, 62.3%]  30/60\n"+
		"  greedy-bot   33.3%  [6.1%, 79.2%]   1/3; score x\n", out.String())
}
