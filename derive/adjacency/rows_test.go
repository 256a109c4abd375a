package adjacency

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Rows names each pair with the smaller name first, whatever the order of
// the inputs, and sorts the rows by (A, B).
func TestRowsSortByName(t *testing.T) {
	r := Result{Pairs: []Pair{{0, 1, 1.5}, {0, 2, 2}, {1, 3, 0}, {2, 3, 4}}}
	rows := r.Rows([]string{"d", "b", "c", "a"})
	assert.Equal(t, []Row{{"a", "b", 0}, {"a", "c", 4}, {"b", "d", 1.5}, {"c", "d", 2}}, rows)
	assert.Empty(t, Result{}.Rows([]string{"x"}))
}
