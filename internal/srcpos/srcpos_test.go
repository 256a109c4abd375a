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

// TestYAML12: issue 26 class "YAML edges". Scalars are read by the YAML 1.2
// core schema, tags are checked against what they tag, and a %YAML
// directive before the one document is no second document.
func TestYAML12(t *testing.T) {
	values := map[string]any{
		"010": json.Number("10"), "-010": json.Number("-10"), "0o10": json.Number("8"), "0x1F": json.Number("31"),
		"+12": json.Number("12"), "1e3": json.Number("1000"), ".5": json.Number("0.5"), "1.": json.Number("1"),
		"1_000": "1_000", "0b101": "0b101", "1:20": "1:20", "yes": "yes", "on": "on", "tRUE": "tRUE",
		"True": true, "FALSE": false, "~": nil, "Null": nil, "": nil,
		"!!str 10": "10", "!!str 1.5": "1.5", "!!str true": "true", "!!str": "", "!!int \"10\"": json.Number("10"),
		"!!float 1": json.Number("1"), "!!bool \"true\"": true, "!!null ''": nil, "!<tag:yaml.org,2002:str> 7": "7",
		"'010'": "010", "\"1e3\"": "1e3",
	}
	for text, want := range values {
		v, _, err := YAML([]byte("v: " + text + "\n"))
		if err != nil {
			t.Errorf("v: %s: %v", text, err)
			continue
		}
		if got := v.(map[string]any)["v"]; got != want {
			t.Errorf("v: %s reads as %#v, want %#v", text, got, want)
		}
	}
	for text, want := range map[string]string{
		"!!int 1.5":               `1:4: !!int "1.5": the text is not what the tag says`,
		"!!int abc":               `1:4: !!int "abc"`,
		"!!bool yes":              `1:4: !!bool "yes"`,
		"!custom x":               "1:4: unsupported tag !custom",
		"!!binary aGk=":           "1:4: unsupported tag !!binary",
		"!!str [1]":               "1:9: unexpected scalar value type",
		"!!map [1]":               "1:9: could not find map",
		"1e400":                   "1:4: not a finite number: 1e400",
		".inf":                    "1:4: not a finite number",
		"99999999999999999999999": "integer out of range",
	} {
		_, _, err := YAML([]byte("v: " + text + "\n"))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("v: %s: want an error with %q, got %v", text, want, err)
		}
	}
	v, _, err := YAML([]byte("%YAML 1.2\n---\nid: demo\ndays: 010\n...\n"))
	if err != nil {
		t.Fatalf("a directive and one document: %v", err)
	}
	if m := v.(map[string]any); m["id"] != "demo" || m["days"] != json.Number("10") {
		t.Errorf("read %#v", m)
	}
	if _, _, err := YAML([]byte("%YAML 2.0\n---\nid: demo\n")); err == nil || !strings.Contains(err.Error(), `unknown YAML version "2.0"`) {
		t.Errorf("%%YAML 2.0: %v", err)
	}
	if _, _, err := YAML([]byte("%YAML 1.2\n---\nid: demo\n---\nid: again\n")); err == nil || !strings.Contains(err.Error(), "a second YAML document") {
		t.Errorf("two documents after a directive: %v", err)
	}
}
