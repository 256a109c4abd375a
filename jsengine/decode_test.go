package jsengine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/mapdata"
)

// packFiles are the packs in the repository: the engine's fixtures, the
// packs older tendays wrote, the examples and the broken ones.
func packFiles(t testing.TB) []string {
	var files []string
	for _, pat := range []string{"../engine/testdata/*.pack.json", "../mapdata/testdata/formats/*.pack.json", "../testdata/packs/*.pack.json",
		"../testdata/bad/pack/*.pack.json", "../export/testdata/*.pack.json"} {
		f, err := filepath.Glob(pat)
		require.NoError(t, err)
		files = append(files, f...)
	}
	require.NotEmpty(t, files)
	return files
}

// TestFastPackIsDecodePack: where the fast reader reads a pack, it reads
// what mapdata.DecodePack does; where it gives up, DecodePack decides.
// Every good pack in the repository takes the fast way.
func TestFastPackIsDecodePack(t *testing.T) {
	fast := 0
	for _, file := range packFiles(t) {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		p, ok := fastPack(src)
		doc, err := mapdata.DecodePack(file, src)
		if ok {
			fast++
			require.NoError(t, err, "%s: read fast, refused by DecodePack", file)
			assert.True(t, reflect.DeepEqual(doc.Pack, p), "%s: the fast reader reads another pack", file)
			continue
		}
		if err == nil && doc.Pack.Kind != mapdata.KindNetwork {
			t.Errorf("%s: a good pack the fast reader gave up on", file)
		}
	}
	assert.Greater(t, fast, 5)
}

// TestFastPackKnowsEveryKey fills every field of a Pack (a new one
// included, the day mapdata adds it) and reads it back: the fast reader
// must know every key the pack's types have, or every pack with the new
// key would take the slow way.
func TestFastPackKnowsEveryKey(t *testing.T) {
	var p mapdata.Pack
	fill(reflect.ValueOf(&p).Elem())
	p.Format, p.FormatVersion, p.Kind = mapdata.Format, mapdata.FormatVersion, mapdata.KindRegions
	data, err := json.Marshal(p)
	require.NoError(t, err)
	got, ok := fastPack(data)
	require.True(t, ok, "the fast reader does not read a pack with every field set (a key it does not know?): %s", data)
	assert.True(t, reflect.DeepEqual(&p, got))
}

// fill sets every field of v to a value that is not its zero.
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(s.Index(i))
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k)
		fill(e)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.String:
		v.SetString("x \"é\" \u2028 <&>")
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(12.5)
	case reflect.Bool:
		v.SetBool(true)
	}
}

// FuzzFastPack: whatever the text, the fast reader reads what DecodePack
// reads, or gives up; it never reads a pack DecodePack refuses.
func FuzzFastPack(f *testing.F) {
	for _, file := range packFiles(f) {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		if len(src) < 20000 {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		p, ok := fastPack(src)
		if !ok {
			return
		}
		doc, err := mapdata.DecodePack("fuzz.pack.json", src)
		if err != nil {
			t.Fatalf("read fast, refused by DecodePack: %v", err)
		}
		if !reflect.DeepEqual(doc.Pack, p) {
			t.Fatal("the fast reader reads another pack")
		}
	})
}
