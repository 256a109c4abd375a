package engine

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine/internal/packtest"
	"github.com/tendays/tendays/mapdata"
)

var update = flag.Bool("update", false, "rewrite engine/testdata from the packtest builders")

// TestFixtureFiles keeps the JSON packs in testdata (used by the CLI tests)
// equal to the Go builders; run with -update to rewrite them.
func TestFixtureFiles(t *testing.T) {
	packs := map[string]*mapdata.Pack{
		"grid.pack.json":        packtest.Grid(),
		"usa.pack.json":         packtest.USA(),
		"europe-mini.pack.json": packtest.Europe(),
	}
	for name, p := range packs {
		path := filepath.Join("testdata", name)
		var buf bytes.Buffer
		require.NoError(t, mapdata.EncodePack(&buf, p))
		if *update {
			require.NoError(t, mapdata.WritePack(path, p))
			continue
		}
		got, err := os.ReadFile(path)
		require.NoError(t, err, "run go test ./engine -run TestFixtureFiles -update")
		assert.Equal(t, buf.String(), string(got), "%s is stale: run go test ./engine -run TestFixtureFiles -update", path)
		doc, err := mapdata.DecodePack(path, got)
		require.NoError(t, err)
		_, err = Compile(doc.Pack)
		require.NoError(t, err)
	}
}
