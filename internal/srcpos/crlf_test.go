package srcpos

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file saved with CR LF line ends (Windows) is placed line for line as
// one saved with LF, quoted scalars spanning lines included.
func TestYAMLPositionsWithCRLF(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n", "\r"} {
		src := "a: 1" + eol + "b: \"x" + eol + "  y\"" + eol + "c: [1, 2]" + eol
		v, ix, err := YAML([]byte(src))
		require.NoError(t, err, "%q", eol)
		assert.Equal(t, "x y", v.(map[string]any)["b"], "%q", eol)
		l, c := ix.Lookup("/c/1")
		assert.Equal(t, [2]int{4, 8}, [2]int{l, c}, "%q", eol)

		_, _, err = YAML([]byte("a: 1" + eol + "b: \"x" + eol + "y\"" + eol + "c: [" + eol))
		var se *SyntaxError
		require.ErrorAs(t, err, &se, "%q", eol)
		assert.LessOrEqual(t, se.Line, 5, "%q: %v", eol, err)
	}
}
