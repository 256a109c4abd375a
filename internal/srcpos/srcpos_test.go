package srcpos

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJSONPositions(t *testing.T) {
	src := []byte("{\n  \"a\": [1,\n    {\"b/c\": true}],\n  \"é\": \"x\"\n}\n")
	ix, err := JSON(src)
	require.NoError(t, err)
	tests := []struct {
		pointer   string
		line, col int
	}{
		{"", 1, 1},
		{"/a", 2, 3},
		{"/a/0", 2, 9},
		{"/a/1", 3, 5},
		{"/a/1/b~1c", 3, 6},
		{"/é", 4, 3},
		{"/a/1/missing", 3, 5}, // nearest ancestor
	}
	for _, tt := range tests {
		l, c := ix.Lookup(tt.pointer)
		assert.Equal(t, [2]int{tt.line, tt.col}, [2]int{l, c}, tt.pointer)
	}
}

func TestJSONErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"syntax", "{\n \"a\": tru\n}", "2:10: invalid character"},
		{"truncated", "{\"a\": [1, 2", "1:12: unexpected end of input"},
		{"bom", "\xef\xbb\xbf{}", "1:1: file starts with a UTF-8 byte order mark"},
		{"utf8", "{\"a\": \"\xff\"}", "1:8: invalid UTF-8"},
		{"deep", strings.Repeat("[", 100000) + strings.Repeat("]", 100000), "document nested deeper than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := JSON([]byte(tt.src))
			require.Error(t, err)
			var se *SyntaxError
			require.True(t, errors.As(err, &se))
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestYAMLValuesAndPositions(t *testing.T) {
	src := []byte("id: usa\ndays: 10\nratio: 1.5\nregions:\n  omit: [DC, \"Puerto Rico\"]\nswap: true\nnothing: ~\n")
	v, ix, err := YAML(src)
	require.NoError(t, err)
	m := v.(map[string]any)
	assert.Equal(t, "usa", m["id"])
	assert.Equal(t, json.Number("10"), m["days"])
	assert.Equal(t, json.Number("1.5"), m["ratio"])
	assert.Equal(t, true, m["swap"])
	assert.Nil(t, m["nothing"])
	assert.Equal(t, []any{"DC", "Puerto Rico"}, m["regions"].(map[string]any)["omit"])
	l, c := ix.Lookup("/regions/omit/1")
	assert.Equal(t, [2]int{5, 14}, [2]int{l, c})
	l, c = ix.Lookup("/days")
	assert.Equal(t, [2]int{2, 1}, [2]int{l, c})
}

func TestYAMLRefusesAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 10; i++ {
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*a" + string(rune('0'+i-1)))
		}
		b.WriteString("]\n")
	}
	_, _, err := YAML([]byte(b.String()))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expands to more than")
}

func TestYAMLErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"syntax", "a: [1, 2\nb: 3\n", "2:1: ',' or ']' must be specified"},
		{"duplicate", "a: 1\na: 2\n", "2:1: mapping key \"a\" already defined at [1:1]"},
		{"merge", "base: &b {x: 1}\nc:\n  <<: *b\n", "merge keys"},
		{"nan", "a: .nan\n", "not a finite number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := YAML([]byte(tt.src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
