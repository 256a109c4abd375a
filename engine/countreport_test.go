package engine

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/internal/packtest"
)

func TestCountReportPutsTheFewestFirst(t *testing.T) {
	b := compile(t, packtest.Grid())
	c, err := b.Count(2)
	require.NoError(t, err)
	r := b.CountReport(c)
	assert.Equal(t, "24", string(r.Total))
	var order []string
	for _, rc := range r.Regions {
		order = append(order, rc.ID+"="+string(rc.Journeys))
	}
	// Fewest first; ties by id.
	assert.Equal(t, []string{"A1=4", "A3=4", "C1=4", "C3=4", "A2=6", "B1=6", "B3=6", "C2=6", "B2=8"}, order)
	assert.Equal(t, 0.1667, r.Regions[0].Share, "rounded to 4 decimals")

	data, err := json.Marshal(r)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), `{"pack":"grid","days":2,"definition":"ordered sequences`), string(data))
	assert.Contains(t, string(data), `"total":24,"regions":[{"id":"A1","name":"Ash","journeys":4,"share":0.1667,"few":false}`)
}

func TestCountReportText(t *testing.T) {
	b := compile(t, packtest.Grid())
	c, err := b.Count(2)
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, b.CountReport(c).WriteText(&out))
	lines := strings.Split(out.String(), "\n")
	assert.Equal(t, "Grid (test fixture): 24 journeys of 2 days", lines[0])
	assert.Equal(t, "counted: "+CountDefinition, lines[1])
	assert.Equal(t, "", lines[2])
	assert.Equal(t, "region      journeys through it   share", lines[3])
	assert.Equal(t, "Ash                           4   16.7%", lines[4])
	assert.Equal(t, "Elm                           8   33.3%", lines[12])
}
