package lint_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/lint"
)

const rulesDoc = "../docs/rules.md"

// docs/rules.md is generated from the registry; -update rewrites it.
func TestRulesDocIsCurrent(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, registry.WriteRulesMarkdown(&buf))
	if *lint.Update {
		require.NoError(t, os.WriteFile(rulesDoc, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(rulesDoc)
	require.NoError(t, err)
	assert.Equal(t, string(want), buf.String(), "docs/rules.md is stale: go test ./lint -run RulesDoc -update")
	for _, r := range registry.Rules() {
		// The anchor SARIF's helpUri points at is a heading of the page.
		assert.Contains(t, buf.String(), "\n### "+r.ID+"\n")
		assert.Equal(t, strings.ReplaceAll(r.ID, "/", ""), lint.RuleAnchor(r.ID))
	}
}

func TestRuleListJSON(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, registry.WriteRuleList(&buf, "json"))
	var got struct {
		Rules []lint.RuleListing `json:"rules"`
	}
	require.NoError(t, json.Unmarshal(buf.Bytes(), &got))
	require.Len(t, got.Rules, len(registry.Rules()))
	for _, r := range got.Rules {
		assert.NotEmpty(t, r.Doc)
		assert.Contains(t, []string{"error", "warning", "info"}, r.Severity, r.ID)
	}
}
