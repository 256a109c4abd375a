package advise

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// The package sorts map keys with slices.Sorted(maps.Keys(m)), not with a
// helper of its own (issue 14 removed the copies of sortedKeys).
func TestNoSortedKeysHelper(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "sortedKeys" {
				t.Errorf("%s: func sortedKeys: use slices.Sorted(maps.Keys(m))", fset.Position(fn.Pos()))
			}
		}
	}
}
