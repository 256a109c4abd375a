package atomicfile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryWriteGoesThroughWrite audits the module: outside this package
// and tests, no code creates or writes files (or temporary folders) with os
// directly, so that every file tendays writes is written whole or not at
// all, and a signal leaves no temporary behind.
func TestEveryWriteGoesThroughWrite(t *testing.T) {
	forbidden := map[string]bool{"WriteFile": true, "Create": true, "CreateTemp": true, "OpenFile": true, "MkdirTemp": true}
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		// safeio opens files to read them (os.OpenFile for O_NONBLOCK).
		if pkg := filepath.Base(filepath.Dir(path)); pkg == "atomicfile" || pkg == "safeio" {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); ok && (pkg.Name == "os" || pkg.Name == "ioutil") && forbidden[sel.Sel.Name] {
				t.Errorf("%s: %s.%s writes a file directly; use atomicfile.Write", fset.Position(sel.Pos()), pkg.Name, sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Fatalf("checked only %d files: is the walk rooted at the module?", checked)
	}
}
