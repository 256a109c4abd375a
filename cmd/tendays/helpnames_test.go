package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/editions"
)

// A help text that lists the bundled editions lists every one of them
// (build's listed five by hand, without americas and around-the-world):
// the list comes from editions.Names().
func TestHelpListsEveryBundledEdition(t *testing.T) {
	names := editions.Names()
	if len(names) < 3 {
		t.Fatalf("bundled editions %v", names)
	}
	root := newRootCmd(&IOStreams{In: strings.NewReader(""), Out: &strings.Builder{}, ErrOut: &strings.Builder{}})
	listed := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		text := c.Short + "\n" + c.Long
		var found, missing []string
		for _, n := range names {
			// A name in a list: after ": ", "(" or ", " and before "," or ")".
			if regexp.MustCompile(`(?:[:(,] ?|\s)` + regexp.QuoteMeta(n) + `[,)]`).MatchString(text) {
				found = append(found, n)
			} else {
				missing = append(missing, n)
			}
		}
		if len(found) >= 3 {
			listed++
			if len(missing) > 0 {
				t.Errorf("%s: its help lists bundled editions %v but not %v", c.CommandPath(), found, missing)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if listed == 0 {
		t.Error("no help lists the bundled editions (build's did)")
	}
}
