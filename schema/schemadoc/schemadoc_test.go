package schemadoc

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/tendays/tendays/schema"
)

var update = flag.Bool("update", false, "rewrite docs/edition.md")

const editionDoc = "../../docs/edition.md"

// docs/edition.md is generated from the schema and the bundled editions;
// -update rewrites it. A key added to the schema and not to the page, or an
// example changed in a bundled edition, fails here.
func TestEditionDocIsCurrent(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteEditionMarkdown(&buf); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(editionDoc, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(editionDoc)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != buf.String() {
		t.Errorf("docs/edition.md is stale: go test ./schema/schemadoc -update")
	}
}

// Every key of the regions schema has a heading and an example block under
// it.
func TestEveryKeyHasAnExample(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteEditionMarkdown(&buf); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	src, _ := schema.Source(schema.Edition)
	var root node
	if err := json.Unmarshal(src, &root); err != nil {
		t.Fatal(err)
	}
	for _, k := range kinds {
		var entries []entry
		walk(&root, root.Defs[k.def], nil, &entries)
		if len(entries) < 10 {
			t.Fatalf("%s: %d keys", k.kind, len(entries))
		}
		for _, e := range entries {
			name := strings.ReplaceAll(strings.Join(e.path, "."), ".[]", "[]")
			i := strings.Index(page, "### `"+name+"`\n")
			if e.required {
				i = strings.Index(page, "### **`"+name+"`**\n")
			}
			if i < 0 {
				t.Errorf("%s: no heading for %s", k.kind, name)
				continue
			}
			if j := strings.Index(page[i+4:], "```yaml\n"); j < 0 || strings.Contains(page[i+4:i+4+j], "\n### ") {
				t.Errorf("%s: no example under %s", k.kind, name)
			}
		}
	}
	for _, want := range []string{"### **`transports`**", "### **`transports.automobile.count`**", "### `copies.REGION`",
		"### `seas.SEA.geometry.tolerance_m`", "(from `editions/"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}
