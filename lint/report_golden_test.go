package lint_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/lint"
)

// faultyReport lints the example pack with three planted faults.
func faultyReport(t *testing.T) *lint.Report {
	t.Helper()
	target, err := lint.ReadPack("../testdata/packs/faulty.pack.json", 0)
	require.NoError(t, err)
	target.File = "faulty.pack.json"
	fs := registry.Check(target)
	for i := range fs {
		fs[i].File = "faulty.pack.json"
	}
	return &lint.Report{Files: []string{"faulty.pack.json"}, Findings: fs, Rules: registry.Rules()}
}

// One input, one golden file per format, as golangci-lint tests its printers.
func TestReportersGolden(t *testing.T) {
	r := faultyReport(t)
	require.Len(t, r.Findings, 3)
	for _, format := range lint.Formats() {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, lint.Reporters[format](&buf, r))
			golden := filepath.Join("testdata", "golden", "faulty."+format)
			if *lint.Update {
				require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), buf.String())
		})
	}
}

func TestSARIFValidatesAgainstTheSARIFSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	schemaPath, err := filepath.Abs("../testdata/sarif/sarif-2.1.0-rtm.5.json")
	require.NoError(t, err)
	s, err := c.Compile(schemaPath)
	require.NoError(t, err)

	var buf bytes.Buffer
	require.NoError(t, lint.Reporters["sarif"](&buf, faultyReport(t)))
	var doc any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &doc))
	require.NoError(t, s.Validate(doc))

	// The schema also rejects what is not SARIF, so the check above means something.
	bad := strings.Replace(buf.String(), `"level": "error"`, `"level": "fatal"`, 1)
	var badDoc any
	require.NoError(t, json.Unmarshal([]byte(bad), &badDoc))
	assert.Error(t, s.Validate(badDoc))
}
