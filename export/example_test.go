package export_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/tendays/tendays/export"
	"github.com/tendays/tendays/pipeline"
)

// Export a built edition (its pack and board) to GraphML, in memory.
func ExampleRender() {
	res, err := pipeline.Load(context.Background(), pipeline.Source{Path: "usa"}, pipeline.Options{})
	if err != nil {
		panic(err)
	}
	board, err := res.BoardLayers()
	if err != nil {
		panic(err)
	}
	files, err := export.Render(export.Input{Pack: res.Pack, PackFile: "usa.pack.json", Board: board}, export.GraphML, export.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Println(files[0].Name, strings.Count(string(files[0].Data), "<node "), "nodes")
	// Output: usa.graphml 50 nodes
}
