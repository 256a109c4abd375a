package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/internal/srcpos"
	"github.com/tendays/tendays/mapdata"
)

// ConfigFileName is the lint configuration file, found by walking up from
// the linted path.
const ConfigFileName = ".tendays-lint.yaml"

// Config changes rules' severities or turns rules off.
type Config struct {
	File string
	// Severity overrides by rule id; a rule mapped to off is absent from On.
	Severity map[string]diag.Severity
	Off      map[string]bool
}

// FindConfig walks up from path (a file or folder) to the first folder
// holding ConfigFileName and reads it. No config found is not an error.
func (g *Registry) FindConfig(path string) (*Config, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	dir := abs
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		dir = filepath.Dir(abs)
	}
	for {
		candidate := filepath.Join(dir, ConfigFileName)
		if _, err := os.Lstat(candidate); err == nil {
			return g.readFoundConfig(dir, candidate)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("lint config %s: %w", candidate, err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, nil
		}
		dir = parent
	}
}

// readFoundConfig reads the config FindConfig found in dir as a file of
// that folder: a link there is followed only while it stays inside (a
// config that a pull request commits as a link to a file elsewhere on the
// runner is refused, not read), and it must be a regular file.
func (g *Registry) readFoundConfig(dir, path string) (*Config, error) {
	folder, err := safeio.OpenFolder(dir)
	if err != nil {
		return nil, fmt.Errorf("lint config %s: %w", path, err)
	}
	defer folder.Close()
	src, err := folder.ReadFile(ConfigFileName, mapdata.DefaultMaxYAML)
	if errors.Is(err, safeio.ErrOutside) {
		return nil, diag.Errorf(diag.Position{File: path}, "the lint config is a symbolic link leading outside its folder (%s): tendays reads a config found by walking up only from the folder it is in; give it with --config to use it", filepath.Dir(path))
	}
	if err != nil {
		return nil, diag.Errorf(diag.Position{File: path}, "lint config: %w", err)
	}
	return g.DecodeConfig(path, src)
}

// ReadConfig reads a lint configuration:
//
//	rules:
//	  colors/lonely: off        # error, warning, info or off
//	  deck/too-small: warning
func (g *Registry) ReadConfig(path string) (*Config, error) {
	src, err := mapdata.ReadFile(path, mapdata.DefaultMaxYAML)
	if err != nil {
		return nil, err
	}
	return g.DecodeConfig(path, src)
}

// DecodeConfig is ReadConfig on text already read; path names it in
// messages. A rule the registry does not list is an error at its line.
func (g *Registry) DecodeConfig(path string, src []byte) (*Config, error) {
	doc, err := mapdata.ParseYAML(path, src)
	if err != nil {
		return nil, err
	}
	c := &Config{File: path, Severity: map[string]diag.Severity{}, Off: map[string]bool{}}
	if doc.Value == nil {
		return c, nil
	}
	top, ok := doc.Value.(map[string]any)
	if !ok {
		return nil, diag.Errorf(doc.Position(""), "a lint config is a mapping with a rules: key")
	}
	for _, k := range slices.Sorted(maps.Keys(top)) {
		if k != "rules" {
			return nil, diag.Errorf(doc.Position(srcpos.Join("", k)), "unknown key %q (want rules)", k)
		}
	}
	rules, ok := top["rules"].(map[string]any)
	if top["rules"] != nil && !ok {
		return nil, diag.Errorf(doc.Position("/rules"), "rules: want a mapping of rule id to severity")
	}
	for _, id := range slices.Sorted(maps.Keys(rules)) {
		at := doc.Position(srcpos.Join("/rules", id))
		if _, known := g.Lookup(id); !known {
			return nil, diag.Errorf(at, "unknown rule %q%s", id, hintSuffix(suggest(id, g.ids())))
		}
		s, _ := rules[id].(string)
		if strings.EqualFold(s, "off") {
			c.Off[id] = true
			continue
		}
		sev, err := diag.ParseSeverity(s)
		if err != nil {
			return nil, diag.Errorf(doc.Position(srcpos.Join("/rules", id)), "rule %s: unknown severity %q (want error, warning, info or off)", id, fmt.Sprint(rules[id]))
		}
		c.Severity[id] = sev
	}
	return c, nil
}

func hintSuffix(h string) string {
	if h == "" {
		return ""
	}
	return " (" + h + ")"
}

// IsOff says whether the config turns the rule off (false for no config).
func (c *Config) IsOff(rule string) bool { return c != nil && c.Off[rule] }

// Apply changes severities and drops findings of rules turned off.
func (c *Config) Apply(fs []diag.Finding) []diag.Finding {
	if c == nil {
		return fs
	}
	out := fs[:0:0]
	for _, f := range fs {
		if c.Off[f.Rule] {
			continue
		}
		if s, ok := c.Severity[f.Rule]; ok {
			f.Severity = s
		}
		out = append(out, f)
	}
	return out
}
