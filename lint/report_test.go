package lint

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
)

var update = flag.Bool("update", false, "rewrite golden files")

// faultyReport lints the example pack with three planted faults.
func faultyReport(t *testing.T) *Report {
	t.Helper()
	target, err := ReadPack("../testdata/packs/faulty.pack.json", 0)
	require.NoError(t, err)
	target.File = "faulty.pack.json"
	fs := Check(target)
	for i := range fs {
		fs[i].File = "faulty.pack.json"
	}
	return &Report{Files: []string{"faulty.pack.json"}, Findings: fs}
}

// One input, one golden file per format, as golangci-lint tests its printers.
func TestReportersGolden(t *testing.T) {
	r := faultyReport(t)
	require.Len(t, r.Findings, 3)
	for _, format := range Formats() {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, Reporters[format](&buf, r))
			golden := filepath.Join("testdata", "golden", "faulty."+format)
			if *update {
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
	require.NoError(t, writeSARIF(&buf, faultyReport(t)))
	var doc any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &doc))
	require.NoError(t, s.Validate(doc))

	// The schema also rejects what is not SARIF, so the check above means something.
	bad := strings.Replace(buf.String(), `"level": "error"`, `"level": "fatal"`, 1)
	var badDoc any
	require.NoError(t, json.Unmarshal([]byte(bad), &badDoc))
	assert.Error(t, s.Validate(badDoc))
}

func TestFingerprintIgnoresLineAndMessage(t *testing.T) {
	a := diag.Finding{Rule: "ids/unknown", Message: "one", Position: diag.Position{File: "x.json", Pointer: "/a", Line: 3}}
	b := a
	b.Line, b.Message = 40, "two"
	assert.Equal(t, Fingerprint(a), Fingerprint(b))
	b.Pointer = "/b"
	assert.NotEqual(t, Fingerprint(a), Fingerprint(b))
}

func TestGitHubEscaping(t *testing.T) {
	var buf bytes.Buffer
	r := &Report{Findings: []diag.Finding{{Rule: "x/y", Severity: diag.Error, Message: "50% off\nnext line",
		Position: diag.Position{File: "a,b:c.json", Line: 2, Col: 3}}}}
	require.NoError(t, writeGitHub(&buf, r))
	assert.Equal(t, "::error file=a%2Cb%3Ac.json,line=2,col=3,title=x/y::50%25 off%0Anext line\n", buf.String())
}

// SARIF artifact URIs are URI references that parse back to the file path,
// whatever characters the path holds.
func TestSARIFURIsParseBackToThePath(t *testing.T) {
	for _, file := range []string{
		"faulty.pack.json",
		"faulty #1.pack.json",
		"dir with space/50%?.pack.json",
		"a:b.pack.json",
		"../up/ü.pack.json",
		"/abs/path #2/x.pack.json",
	} {
		t.Run(file, func(t *testing.T) {
			var buf bytes.Buffer
			r := &Report{Files: []string{file}, Findings: []diag.Finding{{Rule: RuleSchema, Severity: diag.Error,
				Message: "m", Position: diag.Position{File: file, Line: 1, Col: 1}}}}
			require.NoError(t, writeSARIF(&buf, r))
			var log sarifLog
			require.NoError(t, json.Unmarshal(buf.Bytes(), &log))
			loc := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation
			u, err := url.Parse(loc.URI)
			require.NoError(t, err, loc.URI)
			assert.Empty(t, u.Fragment, loc.URI)
			assert.Empty(t, u.RawQuery, loc.URI)
			if strings.HasPrefix(file, "/") {
				assert.Equal(t, "file", u.Scheme, loc.URI)
				assert.Empty(t, loc.URIBaseID)
				assert.Equal(t, file, u.Path)
				return
			}
			assert.Empty(t, u.Scheme, loc.URI)
			assert.Equal(t, SrcRoot, loc.URIBaseID)
			assert.Equal(t, file, strings.TrimPrefix(u.Path, "./"))
		})
	}
}
