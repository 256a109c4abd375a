package site

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// A browser runs a page opened from disk (file://) with classic scripts
// only: it refuses to load ES modules from files. Bundle turns the studio's
// modules into one classic script that does what loading them does: each
// module's body runs once, in import order, in a function of its own
// (its names stay its own; "use strict", as modules are), and an import
// takes the names the imported module's function returned. It reads only
// the forms the studio writes, each on a line of its own:
//
//	import { a, b } from "./x.js";
//	export function f / export async function f / export class C /
//	export const x (let, var)
//
// and refuses any other import or export, naming the file and line, so that
// a new form is taught here rather than silently broken.

var (
	importLine = regexp.MustCompile(`^import\s*\{([^}]*)\}\s*from\s*"\./([A-Za-z0-9_-]+)\.js";?\s*$`)
	exportDecl = regexp.MustCompile(`^export\s+((?:async\s+)?function\*?|class|const|let|var)\s+([A-Za-z_$][A-Za-z0-9_$]*)`)
	anyModule  = regexp.MustCompile(`^\s*(import|export)\b`)
	identList  = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)
)

type module struct {
	name    string
	imports [][2]string // module, names
	exports []string
	body    []string
}

// Bundle is the modules (name, without ".js", to source) from entry on as
// one classic script. The entry's body runs last, inside an async
// function (it may await at its top level, as a module may).
func Bundle(sources map[string][]byte, entry string) ([]byte, error) {
	mods := map[string]*module{}
	var order []string
	var visit func(name string, chain []string) error
	visit = func(name string, chain []string) error {
		for _, c := range chain {
			if c == name {
				return fmt.Errorf("%s.js: imports itself through %s", name, strings.Join(chain, " → "))
			}
		}
		if _, ok := mods[name]; ok {
			return nil
		}
		src, ok := sources[name]
		if !ok {
			return fmt.Errorf("%s.js: no such module", name)
		}
		m, err := parse(name, src)
		if err != nil {
			return err
		}
		mods[name] = m
		for _, imp := range m.imports {
			if err := visit(imp[0], append(chain, name)); err != nil {
				return err
			}
		}
		order = append(order, name)
		return nil
	}
	if err := visit(entry, nil); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("\"use strict\";\n// The tendays studio's modules as one classic script (tendays export --format site).\n(async () => {\nconst modules = {};\n")
	for _, name := range order {
		m := mods[name]
		last := name == entry
		if last {
			b.WriteString("await (async () => {\n")
		} else {
			fmt.Fprintf(&b, "modules[%q] = (() => {\n", name)
		}
		b.WriteString("\"use strict\";\n")
		for _, imp := range m.imports {
			fmt.Fprintf(&b, "const { %s } = modules[%q];\n", imp[1], imp[0])
		}
		for _, line := range m.body {
			b.WriteString(line)
			b.WriteByte('\n')
		}
		if last {
			b.WriteString("})();\n")
		} else {
			fmt.Fprintf(&b, "return { %s };\n})();\n", strings.Join(m.exports, ", "))
		}
	}
	b.WriteString("})().catch((err) => { console.error(err); const e = document.getElementById(\"error\"); if (e) { e.textContent = String(err); e.hidden = false; } });\n")
	return b.Bytes(), nil
}

func parse(name string, src []byte) (*module, error) {
	m := &module{name: name}
	for i, line := range strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n") {
		if !anyModule.MatchString(line) {
			m.body = append(m.body, line)
			continue
		}
		if g := importLine.FindStringSubmatch(line); g != nil {
			var names []string
			for _, n := range strings.Split(g[1], ",") {
				n = strings.TrimSpace(n)
				if n == "" {
					continue
				}
				if !identList.MatchString(n) {
					return nil, fmt.Errorf("%s.js:%d: import of %q: only plain names are bundled", name, i+1, n)
				}
				names = append(names, n)
			}
			m.imports = append(m.imports, [2]string{g[2], strings.Join(names, ", ")})
			m.body = append(m.body, "")
			continue
		}
		if g := exportDecl.FindStringSubmatch(line); g != nil {
			m.exports = append(m.exports, g[2])
			m.body = append(m.body, strings.TrimPrefix(line, "export "))
			continue
		}
		return nil, fmt.Errorf("%s.js:%d: %q: a form of import or export the site's bundler does not read (jsengine/site/bundle.go)", name, i+1, strings.TrimSpace(line))
	}
	return m, nil
}
