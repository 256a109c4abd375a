package pipeline_test

import (
	"context"
	"fmt"

	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/pipeline"
)

// Build a bundled edition into a checked pack: the findings, and the bytes
// `tendays build` would write.
func ExampleLoad() {
	res, err := pipeline.Load(context.Background(), pipeline.Source{Path: "usa"}, pipeline.Options{})
	if err != nil {
		panic(err) // the edition could not be read at all
	}
	// The pack is of any kind; a 10 Days map's is a *mapdata.Pack.
	p := res.Pack.(*mapdata.Pack)
	fmt.Println(res.Kind, p.Edition.ID, len(p.Regions), "regions")
	fmt.Println("errors:", res.Summary.Errors, "ok to write:", res.OK())
	files, err := res.Encode(true)
	if err != nil {
		panic(err)
	}
	fmt.Println("pack and board written:", len(files.Pack) > 0, len(files.Board) > 0)
	// Output:
	// regions usa 50 regions
	// errors: 0 ok to write: true
	// pack and board written: true true
}

// Build the text of an edition.yaml held in memory (an edit not saved yet)
// against the files of its folder.
func ExampleEdition_inMemory() {
	f, err := pipeline.OpenEdition("usa", pipeline.Options{})
	if err != nil {
		panic(err)
	}
	defer f.Close()
	edited := append([]byte("# a comment added in memory\n"), f.Text...)
	res, err := pipeline.Edition(context.Background(), pipeline.Source{Text: edited, FS: f.FS, Dir: f.Dir}, pipeline.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Pack.(*mapdata.Pack).Edition.Name)
	// Output: 10 Days in the USA
}

// A cache kept across rebuilds of a combined edition holds its bundled
// members' builds.
func ExampleCache() {
	cache := pipeline.NewCache()
	for range 2 {
		if _, err := pipeline.Load(context.Background(), pipeline.Source{Path: "around-the-world"}, pipeline.Options{Cache: cache}); err != nil {
			panic(err)
		}
	}
	fmt.Println(cache.Members(), "members kept")
	// Output: 4 members kept
}
