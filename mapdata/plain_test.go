package mapdata

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/internal/plain"
)

// Every pack of the repository decodes from its tree (plain, the readers'
// fast path) into the value encoding/json reads from its text; the packs
// that are not faulty on purpose take the fast path, so a field added to
// the pack's types that plain declines (an interface, an embedded struct)
// fails here rather than slowing every reader unseen.
func TestPacksDecodeFromTheirTreeAsFromTheirText(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../*/testdata/*.pack.json", "../*/*/testdata/*.pack.json", "testdata/formats/*.pack.json", "../testdata/*/*.pack.json", "../testdata/bad/*/*.pack.json"} {
		m, err := filepath.Glob(pattern)
		require.NoError(t, err)
		files = append(files, m...)
	}
	require.Greater(t, len(files), 25, "the repository's packs")
	fast := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		doc, err := ParseJSON(file, src)
		if err != nil {
			continue // not JSON: nothing is decoded
		}
		var dst any = &Pack{}
		if PackKind(doc) == KindNetwork {
			dst = &NetworkPack{}
		}
		typ := reflect.TypeOf(dst).Elem()
		viaTree, viaText := reflect.New(typ), reflect.New(typ)
		took := plain.Decode(doc.Value, viaTree.Interface())
		dec := json.NewDecoder(bytes.NewReader(src))
		dec.DisallowUnknownFields()
		err = dec.Decode(viaText.Interface())
		if took {
			fast++
			require.NoError(t, err, "%s: taken from its tree, refused from its text", file)
			assert.Equal(t, viaText.Elem().Interface(), viaTree.Elem().Interface(), file)
		} else if !strings.Contains(file, "/bad/") && !strings.Contains(file, "faulty") {
			t.Errorf("%s: plain declined a pack that is not faulty", file)
		}
	}
	assert.Greater(t, fast, 15)
}
