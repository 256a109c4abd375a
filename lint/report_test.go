package lint

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
)

var update = flag.Bool("update", false, "rewrite golden files")

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
