package lint_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/pipeline"
)

// registry is the toolkit's registry: lint's rules and every derive
// package's, as the pipeline assembles it.
var registry = pipeline.LintRules()

// ruleLiteral is what a rule id looks like: a family, a slash, a name.
var ruleLiteral = regexp.MustCompile(`^[a-z]+/[a-z][a-z0-9-]*$`)

// TestEveryEmittedRuleIsRegistered reads the toolkit's source (tests
// excepted) and fails on any rule id it could report that the registry
// does not list: a constant named Rule..., a Rule: field of a literal, or a
// string shaped like an id of a known family ("borders/...") anywhere.
func TestEveryEmittedRuleIsRegistered(t *testing.T) {
	families := map[string]bool{}
	for _, r := range registry.Rules() {
		if fam, _, ok := strings.Cut(r.ID, "/"); ok {
			families[fam] = true
		}
	}
	fset := token.NewFileSet()
	declared := map[string]string{} // id -> where
	// elsewhere: ids declared outside lint, where the code that reports
	// them lives (lint lists, but does not report, the derive rules).
	elsewhere := map[string]bool{}
	note := func(id string, pos token.Pos) {
		where := fset.Position(pos)
		declared[id] = where.String()
		if filepath.Base(filepath.Dir(where.Filename)) != "lint" {
			elsewhere[id] = true
		}
	}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if strings.HasPrefix(name.Name, "Rule") && i < len(n.Values) {
						if id, ok := stringLit(n.Values[i]); ok {
							note(id, n.Pos())
						}
					}
				}
			case *ast.KeyValueExpr:
				if key, ok := n.Key.(*ast.Ident); ok && key.Name == "Rule" {
					if id, ok := stringLit(n.Value); ok {
						note(id, n.Pos())
					}
				}
			case *ast.BasicLit:
				if id, ok := stringLit(n); ok && ruleLiteral.MatchString(id) {
					if fam, _, _ := strings.Cut(id, "/"); families[fam] {
						note(id, n.Pos())
					}
				}
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.Contains(t, declared, "borders/winding", "the scan should see derive/borders")
	for id, where := range declared {
		_, ok := registry.Lookup(id)
		assert.True(t, ok, "%s: rule %q is not in lint's registry (add it to lint's list: rules.go, or the Rules of the derive package that reports it)", where, id)
	}
	for _, r := range registry.Rules() {
		_, ok := declared[r.ID]
		assert.True(t, ok, "registered rule %q is declared nowhere in the source", r.ID)
		if r.Kind == lint.KindBorders || r.Kind == lint.KindEdition || r.Kind == lint.KindNetworkEdition {
			assert.True(t, elsewhere[r.ID], "registered %s rule %q is reported nowhere outside lint", r.Kind, r.ID)
		}
	}
}

func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil && s != ""
}

func TestRegistryIsComplete(t *testing.T) {
	kinds := map[lint.Kind]int{}
	for _, r := range registry.Rules() {
		kinds[r.Kind]++
		assert.NotEmpty(t, r.Doc, r.ID)
		assert.Contains(t, lint.Kinds, r.Kind, r.ID)
		assert.Contains(t, []diag.Severity{diag.Error, diag.Warning, diag.Info}, r.Severity, r.ID)
		if r.Kind == lint.KindPack || r.Kind == lint.KindNetwork {
			assert.NotNil(t, r.Run, "%s is a %s rule and must run", r.ID, r.Kind)
		} else {
			assert.Nil(t, r.Run, r.ID)
		}
	}
	for _, k := range lint.Kinds {
		assert.NotZero(t, kinds[k], "no rule of kind %s", k)
	}
	assert.Equal(t, 17, kinds[lint.KindBorders], "the borders/* rules")
}

// A config may change the severity of any rule, borders/* included.
func TestConfigAcceptsEveryRule(t *testing.T) {
	var b strings.Builder
	b.WriteString("rules:\n")
	for _, r := range registry.Rules() {
		b.WriteString("  " + r.ID + ": off\n")
	}
	c, err := registry.DecodeConfig(".tendays-lint.yaml", []byte(b.String()))
	require.NoError(t, err)
	assert.Len(t, c.Off, len(registry.Rules()))
	assert.True(t, c.Off["borders/winding"])
}
