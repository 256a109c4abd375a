package mapdata_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/engine/route"
	"github.com/tendays/tendays/mapdata"
)

// TestOldPacksStillLoad reads every pack an earlier tendays wrote
// (testdata/formats) with today's reader and plays it with today's engine:
// a pack of a formatVersion this tendays reads is never refused, whatever
// was added to the format since (docs/pack-format.md).
func TestOldPacksStillLoad(t *testing.T) {
	files, err := filepath.Glob("testdata/formats/*.pack.json")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 5)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			doc, err := mapdata.ParseJSON(file, src)
			require.NoError(t, err)
			require.NoError(t, mapdata.CheckPackHeader(doc))
			version := strings.SplitN(filepath.Base(file), "-", 2)[0]
			if mapdata.PackKind(doc) == mapdata.KindNetwork {
				nd, err := mapdata.DecodeNetworkPack(file, src)
				require.NoError(t, err)
				assert.Equal(t, version, "v1")
				b, err := route.Compile(nd.Pack)
				require.NoError(t, err)
				assert.NotZero(t, b)
				return
			}
			pd, err := mapdata.DecodePack(file, src)
			require.NoError(t, err)
			assert.Equal(t, "v1", version, "a v1 pack")
			b, err := engine.Compile(pd.Pack)
			require.NoError(t, err)
			g, err := game.New(b, game.Config{Players: 2, Days: min(b.Days(), 5)}, game.Rand(1))
			require.NoError(t, err, "a game is dealt")
			assert.Equal(t, game.Filling, g.Phase())
		})
	}
}
