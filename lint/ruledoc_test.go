package lint

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const rulesDoc = "../docs/rules.md"

// docs/rules.md is generated from the registry; -update rewrites it.
func TestRulesDocIsCurrent(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteRulesMarkdown(&buf))
	if *update {
		require.NoError(t, os.WriteFile(rulesDoc, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(rulesDoc)
	require.NoError(t, err)
	assert.Equal(t, string(want), buf.String(), "docs/rules.md is stale: go test ./lint -run RulesDoc -update")
	for _, r := range Rules() {
		// The anchor SARIF's helpUri points at is a heading of the page.
		assert.Contains(t, buf.String(), "\n### "+r.ID+"\n")
		assert.Equal(t, strings.ReplaceAll(r.ID, "/", ""), RuleAnchor(r.ID))
	}
}

func TestRuleListJSON(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteRuleList(&buf, "json"))
	var got struct {
		Rules []RuleListing `json:"rules"`
	}
	require.NoError(t, json.Unmarshal(buf.Bytes(), &got))
	require.Len(t, got.Rules, len(Rules()))
	for _, r := range got.Rules {
		assert.NotEmpty(t, r.Doc)
		assert.Contains(t, []string{"error", "warning", "info"}, r.Severity, r.ID)
	}
}
