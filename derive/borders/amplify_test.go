package borders

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
)

// A TopoJSON file can name one arc many times over: 280 KB that would
// expand to a billion positions (16 GB) must be refused, at the reference
// that goes too far, before memory fills.
func TestTopoJSONArcReuseIsBounded(t *testing.T) {
	var arc, refs []string
	for i := range 10_000 {
		arc = append(arc, "["+strconv.Itoa(i%100)+","+strconv.Itoa(i/100)+"]")
	}
	for range 100_000 {
		refs = append(refs, "0")
	}
	src := `{"type": "Topology", "arcs": [[` + strings.Join(arc, ",") + `]], "objects": {"o": {"type": "GeometryCollection", "geometries": [{"type": "Polygon", "id": "A", "arcs": [[` + strings.Join(refs, ",") + `]]}]}}}`
	_, _, err := Decode("amplify.topojson", []byte(src), Options{})
	var ie *diag.InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "the geometries use their arcs over and over")
	assert.Equal(t, 1, ie.Line)
	assert.Greater(t, ie.Col, 1)
}
