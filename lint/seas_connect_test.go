package lint

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

func TestSeaConnects(t *testing.T) {
	p := miniPack(t)
	require.NotEmpty(t, p.Seas)
	p.Seas = append(p.Seas, mapdata.Sea{ID: "ocean", Name: "Ocean", Connects: []string{p.Seas[0].ID}})
	p.Seas[0].Connects = []string{"ocean"}
	for _, f := range check(&Target{File: "mini.pack.json", Pack: p}) {
		assert.NotEqual(t, RuleSeaConnects, f.Rule, "seas that exist and differ: %s", f.Message)
	}

	p.Seas[0].Connects = []string{"ocean", "oceam", p.Seas[0].ID}
	var got []string
	for _, f := range check(&Target{File: "mini.pack.json", Pack: p}) {
		if f.Rule == RuleSeaConnects {
			got = append(got, f.Position.Pointer+" "+f.Message)
		}
	}
	assert.Equal(t, []string{
		`/seas/0/connects/1 sea "gulf" connects with "oceam", which is not a sea of the pack`,
		`/seas/0/connects/2 sea "gulf" connects with itself`,
	}, got)
}
