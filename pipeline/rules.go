package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/mapdata"
)

// Rules are an edition's rules as its SOURCES.md states them ("## Rules"
// section), each with where it comes from: the box's, from reviews, or the
// toolkit's own decision with its reason. `tendays rules --format json`
// prints this shape.
type Rules struct {
	Edition string              `json:"edition"`
	Name    string              `json:"name"`
	File    string              `json:"file"`
	Counts  map[string]int      `json:"counts"`
	Rules   []mapdata.RuleEntry `json:"rules"`
	// Play is how the edition's rules block departs from the boxes before
	// Europa Tour, as the engine plays it (mapdata.Edition.Departures);
	// absent when it does not.
	Play []string `json:"play,omitempty"`
}

// Where a rule of an edition without SOURCES.md comes from: the base
// game's rules, which every edition of its kind is played by, and the
// edition's own, each a setting of its edition.yaml.
const (
	FromBase    = "base"
	FromEdition = "edition"
)

// ReadRules reads the rules of the edition folder (or bundled edition)
// edition names: its id and name from edition.yaml (the folder's name when
// it has none), its rules from the SOURCES.md beside it. An edition without
// SOURCES.md (a designer's own, as init makes it) lists the base game's
// rules as the base game's and every rule its edition.yaml sets as the
// edition's own, each at its line.
func ReadRules(edition string, opts Options) (*Rules, error) {
	src, err := OpenEdition(edition, opts)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	doc, err := mapdata.ParseYAML(path.Join(src.Dir, EditionFile), src.Text)
	if err != nil {
		return nil, err
	}
	r := &Rules{Edition: path.Base(src.Dir), Name: path.Base(src.Dir)}
	if m, ok := doc.Value.(map[string]any); ok {
		if id, ok := m["id"].(string); ok && id != "" {
			r.Edition = id
		}
		if name, ok := m["name"].(string); ok && name != "" {
			r.Name = name
		}
	}
	text, err := safeio.FolderFS(src.FS).ReadFile(mapdata.SourcesFile, opts.limit(mapdata.DefaultMaxYAML))
	if errors.Is(err, fs.ErrNotExist) {
		return r.fromEdition(src, doc)
	}
	sheet := path.Join(src.Dir, mapdata.SourcesFile)
	if err != nil {
		return nil, diag.Errorf(diag.Position{File: sheet}, "%w", err)
	}
	r.File = sheet
	if r.Rules, err = mapdata.ParseRuleSheet(r.File, text); err != nil {
		return nil, err
	}
	r.Counts = mapdata.OriginCounts(r.Rules)
	var ed mapdata.Edition
	if mapdata.PackKind(doc) == mapdata.KindRegions && doc.Decode(&ed) == nil {
		r.Play = ed.Departures() // an edition that does not decode is build's to report
	}
	return r, nil
}

var ruleHeadings = map[string]string{
	mapdata.FromBox:     "The box's rules (the publisher's rulebook or sheet):",
	mapdata.FromReview:  "From reviews of the box:",
	mapdata.FromToolkit: "The toolkit's own (no source settles them; each with its reason):",
	FromBase:            "The base game's rules (every edition of its kind is played by them):",
	FromEdition:         "The edition's own (set in its edition.yaml; a SOURCES.md would say where each comes from):",
}

// ruleLabels name an entry's Source in the text, by origin.
var ruleLabels = map[string]string{mapdata.FromToolkit: "why", FromEdition: "set at"}

// WriteText writes the rules for people: a count by origin, then the rules
// of each origin under its heading, each with its source (or, for the
// toolkit's own, why).
func (r *Rules) WriteText(w io.Writer) error {
	var out bytes.Buffer
	c := r.Counts
	origins := mapdata.Origins
	if _, own := c[FromEdition]; own {
		origins = editionOrigins
		fmt.Fprintf(&out, "%s: %d rules: %d the base game's, %d the edition's own (%s; no %s)\n", r.Name,
			len(r.Rules), c[FromBase], c[FromEdition], r.File, mapdata.SourcesFile)
	} else {
		fmt.Fprintf(&out, "%s: %d rules: %d the box's, %d from reviews, %d the toolkit's (%s)\n", r.Name,
			len(r.Rules), c[mapdata.FromBox], c[mapdata.FromReview], c[mapdata.FromToolkit], r.File)
	}
	for _, status := range origins {
		if c[status] == 0 {
			continue
		}
		fmt.Fprintf(&out, "\n%s\n", ruleHeadings[status])
		label := "source"
		if l, ok := ruleLabels[status]; ok {
			label = l
		}
		for _, e := range r.Rules {
			if e.Status == status {
				fmt.Fprintf(&out, "  - %s\n      %s: %s\n", plainCell(e.Rule), label, plainCell(e.Source))
			}
		}
	}
	if len(r.Play) > 0 {
		fmt.Fprintf(&out, "\nAs the engine plays it (edition.yaml, rules:):\n")
		for _, line := range r.Play {
			fmt.Fprintf(&out, "  - %s\n", line)
		}
	}
	_, err := w.Write(out.Bytes())
	return err
}

// plainCell is a Markdown table cell as text: code marks dropped.
func plainCell(s string) string { return strings.ReplaceAll(s, "`", "") }
