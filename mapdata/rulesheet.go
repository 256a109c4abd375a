package mapdata

import (
	"bufio"
	"bytes"
	"strings"

	"github.com/tendays/tendays/diag"
)

// SourcesFile is the file of an edition folder that says where its rules
// come from (its "## Rules" section).
const SourcesFile = "SOURCES.md"

// Where a rule of an edition comes from.
const (
	FromBox     = "box"     // the publisher's rulebook, or its sheet for a combined game
	FromReview  = "review"  // what published reviews of the box say
	FromToolkit = "toolkit" // the toolkit's own decision where no source settles it
)

// Origins lists the statuses in the order a reader wants them: the
// box's first, the toolkit's guesses last.
var Origins = []string{FromBox, FromReview, FromToolkit}

// RuleEntry is one row of an edition's rules table: the rule, where it
// comes from, and the source that gives it or (the toolkit's) the reason
// for the choice.
type RuleEntry struct {
	Rule   string `json:"rule"`
	Status string `json:"status"`
	Source string `json:"source"`
	Line   int    `json:"line"`
}

// ParseRuleSheet reads the rules table of an edition's SOURCES.md: the
// first Markdown table under a heading that starts "## Rules", three
// columns (rule | status | source, or the toolkit's reason), a status of
// box, review or toolkit. Errors name the file and line.
func ParseRuleSheet(file string, src []byte) ([]RuleEntry, error) {
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	at := func(line int) diag.Position { return diag.Position{File: file, Line: line} }
	line, section, rows := 0, 0, 0
	var out []RuleEntry
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(text, "## "):
			if section > 0 {
				return finish(out, file, section)
			}
			if strings.HasPrefix(text, "## Rules") {
				section = line
			}
			continue
		case section == 0:
			continue
		case !strings.HasPrefix(text, "|"):
			if rows > 0 {
				return finish(out, file, section)
			}
			continue
		}
		cells := splitRow(text)
		rows++
		switch rows {
		case 1:
			if len(cells) != 3 {
				return nil, diag.Errorf(at(line), "the rules table has %d columns (want 3: rule | status | source, or the toolkit's reason)", len(cells))
			}
			continue
		case 2:
			continue // | --- | --- | --- |
		}
		if len(cells) != 3 {
			return nil, diag.Errorf(at(line), "a row of %d cells (want 3: rule | status | source, or the toolkit's reason)", len(cells))
		}
		e := RuleEntry{Rule: cells[0], Status: strings.ToLower(cells[1]), Source: cells[2], Line: line}
		switch {
		case e.Rule == "":
			return nil, diag.Errorf(at(line), "a row names no rule")
		case e.Status != FromBox && e.Status != FromReview && e.Status != FromToolkit:
			return nil, diag.Errorf(at(line), "status %q (want box, review or toolkit)", cells[1])
		case e.Source == "":
			return nil, diag.Errorf(at(line), "rule %q gives no source or reason", e.Rule)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, diag.Errorf(at(line+1), "%w", err)
	}
	if section == 0 {
		return nil, diag.Errorf(diag.Position{File: file}, "no rules section (a heading \"## Rules\" and a table: rule | status | source, or the toolkit's reason)")
	}
	return finish(out, file, section)
}

func finish(out []RuleEntry, file string, section int) ([]RuleEntry, error) {
	if len(out) == 0 {
		return nil, diag.Errorf(diag.Position{File: file, Line: section}, "the rules section holds no table rows")
	}
	return out, nil
}

// splitRow splits a Markdown table row into its trimmed cells.
func splitRow(text string) []string {
	text = strings.TrimPrefix(text, "|")
	text = strings.TrimSuffix(text, "|")
	parts := strings.Split(text, "|")
	for i, p := range parts {
		parts[i] = strings.TrimSpace(p)
	}
	return parts
}

// OriginCounts counts rules by status, in Origins order.
func OriginCounts(rules []RuleEntry) map[string]int {
	n := map[string]int{}
	for _, s := range Origins {
		n[s] = 0
	}
	for _, r := range rules {
		n[r.Status]++
	}
	return n
}
