package borders

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
)

// Features that share an id get id_name, else id_2, id_3 (never an id
// another feature has), and the duplicate-id errors become warnings naming
// the new ids; other findings are left as they are.
func TestDisambiguateRenamesDuplicates(t *testing.T) {
	l := &Layer{File: "b.geojson", Features: []Feature{
		{ID: "036", Name: "Australia"},
		{ID: "036", Name: "Ashmore and Cartier Is."},
		{ID: "A"}, {ID: "A"}, {ID: "A_2"},
		{ID: "B", Name: "Solo"},
	}}
	in := []diag.Finding{
		{Rule: RuleDuplicateID, Severity: diag.Error, Message: `id "036" is also the id of the feature at /features/0`},
		{Rule: RuleUnclosedRing, Severity: diag.Warning, Message: "ring is not closed"},
	}
	out := l.Disambiguate(in)
	assert.Equal(t, []string{"036_Australia", "036_Ashmore_and_Cartier_Is_", "A", "A_3", "A_2", "B"}, l.IDs())
	require.Len(t, out, 2)
	assert.Equal(t, diag.Warning, out[0].Severity)
	assert.Equal(t, `id "036" is also the id of the feature at /features/0 (the output names them 036_Ashmore_and_Cartier_Is_, 036_Australia, A, A_3)`, out[0].Message)
	assert.Equal(t, in[1], out[1])
	assert.Equal(t, diag.Error, in[0].Severity, "the findings given are not changed")
}

func TestCheckIDProperty(t *testing.T) {
	l := &Layer{File: "b.geojson", Features: []Feature{
		{ID: "a", Properties: map[string]any{"code": "X", "name": "A"}},
		{ID: "b", Properties: map[string]any{"name": "B"}},
	}}
	assert.NoError(t, l.CheckIDProperty(""))
	assert.NoError(t, l.CheckIDProperty("code"), "one feature having it is enough")
	err := l.CheckIDProperty("cde")
	require.Error(t, err)
	assert.Equal(t, `b.geojson: no feature has the property "cde" given by --id (the features have code, name; did you mean "code"?)`, err.Error())
	err = l.CheckIDProperty("population")
	assert.Equal(t, `b.geojson: no feature has the property "population" given by --id (the features have code, name)`, err.Error())
	bare := &Layer{File: "c.geojson", Features: []Feature{{ID: "a"}}}
	assert.ErrorContains(t, bare.CheckIDProperty("code"), "the features have no properties")
}

func TestPropertyNamesAndProjected(t *testing.T) {
	assert.Equal(t, []string{"a", "b", "c"}, PropertyNames([]Feature{
		{Properties: map[string]any{"c": 1, "a": 2}}, {Properties: map[string]any{"b": 1, "a": 2}},
	}))
	assert.False(t, Projected([]diag.Finding{{Rule: RuleUnclosedRing}}))
	assert.True(t, Projected([]diag.Finding{{Rule: RuleUnclosedRing}, {Rule: RuleOutOfRange}}))
}
