package main

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// yamlAsJSON reads YAML into the values encoding/json would give, which is
// what the JSON Schema validator takes.
func yamlAsJSON(t *testing.T, src []byte) any {
	t.Helper()
	j, err := yaml.YAMLToJSON(src)
	require.NoError(t, err)
	var v any
	require.NoError(t, json.NewDecoder(bytes.NewReader(j)).Decode(&v))
	return v
}

func compositeActionSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	s, err := jsonschema.Compile("testdata/ci/composite-action.schema.json")
	require.NoError(t, err)
	return s
}

// The root action.yml is a composite action by the metadata syntax, and
// every input and step output it refers to exists.
func TestActionYAML(t *testing.T) {
	src, err := os.ReadFile("../../action.yml")
	require.NoError(t, err)
	s := compositeActionSchema(t)
	doc := yamlAsJSON(t, src)
	require.NoError(t, s.Validate(doc))

	action := doc.(map[string]any)
	inputs := action["inputs"].(map[string]any)
	steps := map[string]bool{}
	for _, st := range action["runs"].(map[string]any)["steps"].([]any) {
		if id, ok := st.(map[string]any)["id"].(string); ok {
			steps[id] = true
		}
	}
	for _, m := range regexp.MustCompile(`inputs\.([A-Za-z0-9_-]+)`).FindAllStringSubmatch(string(src), -1) {
		assert.Contains(t, inputs, m[1], "action.yml refers to an input it does not declare")
	}
	for _, m := range regexp.MustCompile(`steps\.([A-Za-z0-9_-]+)\.outputs`).FindAllStringSubmatch(string(src), -1) {
		assert.Contains(t, steps, m[1], "action.yml refers to a step it does not have")
	}
	assert.Contains(t, string(src), "tendays/tendays/cmd/tendays@", "installs with go install")
	assert.Contains(t, string(src), "--format sarif")
	assert.Contains(t, string(src), "github/codeql-action/upload-sarif@")

	// The schema refuses what GitHub refuses, so its accepting means something.
	for name, broken := range map[string]string{
		"a run step without shell": strings.Replace(string(src), "      shell: bash\n      env:\n        TENDAYS_VERSION", "      env:\n        TENDAYS_VERSION", 1),
		"not composite":            strings.Replace(string(src), "using: composite", "using: node20", 1),
		"no description":           strings.Replace(string(src), "description: Lint", "summary: Lint", 1),
		"an output without value":  strings.Replace(string(src), "    value: ${{ steps.lint.outputs.exit-code }}\n", "", 1),
	} {
		require.NotEqual(t, string(src), broken, name)
		assert.Error(t, s.Validate(yamlAsJSON(t, []byte(broken))), name)
	}
}

// .pre-commit-hooks.yaml declares hooks that run tendays lint on packs and
// edition files, and nothing else.
func TestPreCommitHooks(t *testing.T) {
	src, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	require.NoError(t, err)
	var hooks []map[string]any
	require.NoError(t, yaml.Unmarshal(src, &hooks))
	require.NotEmpty(t, hooks)
	for _, h := range hooks {
		for _, key := range []string{"id", "name", "entry", "language", "files"} {
			assert.NotEmpty(t, h[key], "hook %v: %s", h["id"], key)
		}
		assert.True(t, strings.HasPrefix(h["entry"].(string), "tendays lint"), "hook %v", h["id"])
		assert.Equal(t, "golang", h["language"])
		files := regexp.MustCompile(h["files"].(string))
		for _, p := range []string{"usa.pack.json", "editions/usa/edition.yaml", "edition.yml"} {
			assert.True(t, files.MatchString(p), "hook %v should lint %s", h["id"], p)
		}
		for _, p := range []string{"README.md", "usa.board.geojson", "my-edition.yaml.bak"} {
			assert.False(t, files.MatchString(p), "hook %v should not lint %s", h["id"], p)
		}
	}
}

// The README shows how to adopt both.
func TestREADMEShowsCIAdoption(t *testing.T) {
	src, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	assert.Contains(t, string(src), "uses: tendays/tendays@")
	assert.Contains(t, string(src), "repo: https://github.com/tendays/tendays")
	assert.Contains(t, string(src), "id: tendays-lint")
}
