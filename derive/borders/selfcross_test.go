package borders

import (
	"testing"

	"github.com/paulmach/orb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSelfCrossing(t *testing.T) {
	tests := []struct {
		name  string
		ring  orb.Ring
		found bool
		i, j  int
	}{
		{"square", orb.Ring{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0, 0}}, false, 0, 0},
		{"bow-tie", orb.Ring{{0, 0}, {1, 1}, {1, 0}, {0, 1}, {0, 0}}, true, 0, 2},
		// Two squares touching at one vertex, drawn as one ring: a touch,
		// not a crossing.
		{"figure of eight at a vertex", orb.Ring{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}, {0, 1}, {0, 0}}, false, 0, 0},
		// A spike out and back along the same line overlaps itself.
		{"collinear spike", orb.Ring{{0, 0}, {2, 0}, {3, 0}, {2, 0}, {2, 2}, {0, 2}, {0, 0}}, false, 0, 0},
		{"loop", orb.Ring{{0, 0}, {4, 0}, {4, 4}, {1, 4}, {1, -1}, {0, -1}, {0, 0}}, true, 0, 3},
		{"triangle", orb.Ring{{0, 0}, {1, 0}, {0, 1}, {0, 0}}, false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i, j, found := selfCrossing(tt.ring)
			require.Equal(t, tt.found, found)
			if found {
				assert.Equal(t, [2]int{tt.i, tt.j}, [2]int{i, j})
			}
		})
	}
}

func TestBowTieIsReported(t *testing.T) {
	src := fc(poly("A", `[[[0,0],[1,1],[1,0],[0,1],[0,0]]]`), poly("B", `[[[1,0],[2,0],[2,1],[1,1],[1,0]]]`))
	_, findings, err := Decode("bowtie.geojson", []byte(src), Options{})
	require.NoError(t, err)
	require.Len(t, findings, 1)
	assert.Equal(t, RuleSelfCrossing, findings[0].Rule)
	assert.Equal(t, "/features/0/geometry/coordinates/0", findings[0].Pointer)
	assert.Contains(t, findings[0].Message, "ring crosses itself")
}
