package geo

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWindingNamed(t *testing.T) {
	for name, want := range map[string]Winding{"": RFC7946, "rfc7946": RFC7946, "d3": D3} {
		w, err := WindingNamed(name)
		assert.NoError(t, err)
		assert.Equal(t, want, w, name)
	}
	_, err := WindingNamed("D3 ")
	assert.EqualError(t, err, `unknown winding "D3 " (want rfc7946 or d3)`)
}
