package schema

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// A checker answers one question, fast: does a document meet its schema?
// It is compiled from the same embedded schema as the validator, keyword by
// keyword, into a tree of plain checks that allocate nothing on the way
// (no error values, no scope, no sets of evaluated names). Validate asks it
// first and, only when the answer is no, runs the full validator for the
// violations and their messages; so a valid pack costs a walk over its
// values, and every message is the validator's own.
//
// It knows the keywords the tendays schemas use (and the annotations it
// may ignore); a schema with any other keyword compiles to no checker, and
// Validate then always runs the validator. Its verdicts follow the
// validator's (santhosh-tekuri/jsonschema) where the specification leaves
// room: numbers compared as exact decimals, "integer" as any number whose
// value is whole (1.0 too), lengths in code points, patterns as Go regular
// expressions. TestCheckerAgrees and FuzzCheckerAgrees hold the two to the
// same verdict on the bad-input corpus and on mutated packs and editions.
type checker func(v any) bool

var (
	checkersOnce sync.Once
	checkers     map[string]checker
)

// checkerFor is the compiled checker of a schema, or nil when the schema
// uses a keyword the checker does not know.
func checkerFor(name string) checker {
	checkersOnce.Do(func() {
		checkers = map[string]checker{}
		for _, n := range Names() {
			src, err := Source(n)
			if err != nil {
				continue
			}
			if c, err := compileChecker(src); err == nil {
				checkers[n] = c
			}
		}
	})
	return checkers[name]
}

// compileChecker compiles a schema document (local $refs only).
func compileChecker(src []byte) (checker, error) {
	d := json.NewDecoder(strings.NewReader(string(src)))
	d.UseNumber()
	var root any
	if err := d.Decode(&root); err != nil {
		return nil, err
	}
	cc := &checkCompiler{root: root, refs: map[string]*checker{}}
	c, err := cc.compile(root)
	if err != nil {
		return nil, err
	}
	return c, nil
}

type checkCompiler struct {
	root any
	// refs are the checkers of the places $ref names, filled in once
	// compiled (a schema may refer to itself).
	refs map[string]*checker
}

// ignored are the keywords that assert nothing.
var ignored = map[string]bool{"$schema": true, "$id": true, "$comment": true, "title": true, "description": true,
	"default": true, "examples": true, "deprecated": true, "readOnly": true, "writeOnly": true, "$defs": true}

func (cc *checkCompiler) compile(node any) (checker, error) {
	switch n := node.(type) {
	case bool:
		return func(any) bool { return n }, nil
	case map[string]any:
		return cc.compileObject(n)
	}
	return nil, fmt.Errorf("a schema is an object or a boolean, not %T", node)
}

func (cc *checkCompiler) compileObject(n map[string]any) (checker, error) {
	var checks []checker
	// The type comes first: the validator reports nothing else of a value
	// of the wrong type, and the other checks may then assume it.
	if t, ok := n["type"]; ok {
		c, err := typeCheck(t)
		if err != nil {
			return nil, err
		}
		checks = append(checks, c)
	}
	for key, val := range n {
		if ignored[key] || key == "type" {
			continue
		}
		c, err := cc.keyword(n, key, val)
		if err != nil {
			return nil, err
		}
		if c != nil {
			checks = append(checks, c)
		}
	}
	switch len(checks) {
	case 0:
		return func(any) bool { return true }, nil
	case 1:
		return checks[0], nil
	}
	return func(v any) bool {
		for _, c := range checks {
			if !c(v) {
				return false
			}
		}
		return true
	}, nil
}

// keyword compiles one keyword of schema object n; a nil checker with no
// error is a keyword that checks nothing on its own (then, else).
func (cc *checkCompiler) keyword(n map[string]any, key string, val any) (checker, error) {
	var c checker
	var err error
	switch key {
	case "$ref":
		c, err = cc.ref(val)
	case "const":
		c = func(v any) bool { return equal(v, val) }
	case "enum":
		return enumCheck(val)
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		c, err = boundCheck(key, val)
	case "minLength", "maxLength", "minProperties", "maxProperties", "minItems", "maxItems":
		c, err = sizeCheck(key, val)
	case "pattern":
		return patternCheck(val)
	case "required":
		return requiredCheck(val)
	case "properties":
		c, err = cc.members(n)
	case "additionalProperties":
		if _, ok := n["patternProperties"]; ok {
			return nil, fmt.Errorf("patternProperties is not supported")
		}
		if _, ok := n["properties"]; !ok {
			c, err = cc.members(n)
		}
	case "propertyNames":
		c, err = cc.propertyNames(val)
	case "uniqueItems":
		c = uniqueCheck(val)
	case "items", "prefixItems":
		c, err = cc.items(n, key)
	case "allOf", "anyOf", "oneOf":
		c, err = cc.combine(key, val)
	case "not":
		var inner checker
		if inner, err = cc.compile(val); err == nil {
			c = func(v any) bool { return !inner(v) }
		}
	case "if":
		c, err = cc.ifThenElse(n)
	case "then", "else":
		return nil, nil // with if
	default:
		return nil, fmt.Errorf("keyword %q is not supported", key)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", key, err)
	}
	return c, nil
}

func enumCheck(val any) (checker, error) {
	list, ok := val.([]any)
	if !ok {
		return nil, fmt.Errorf("enum is not an array")
	}
	return func(v any) bool {
		for _, e := range list {
			if equal(v, e) {
				return true
			}
		}
		return false
	}, nil
}

// sizeCheck compiles the min/max keywords on a string's length (in
// characters), an object's members or an array's items; a value of
// another type passes, as the type keyword speaks for it.
func sizeCheck(key string, val any) (checker, error) {
	lim, err := count(val)
	if err != nil {
		return nil, err
	}
	minimum := strings.HasPrefix(key, "min")
	within := func(n int) bool { return minimum && n >= lim || !minimum && n <= lim }
	switch strings.TrimPrefix(strings.TrimPrefix(key, "min"), "max") {
	case "Length":
		return func(v any) bool {
			s, ok := v.(string)
			return !ok || within(utf8.RuneCountInString(s))
		}, nil
	case "Properties":
		return func(v any) bool {
			m, ok := v.(map[string]any)
			return !ok || within(len(m))
		}, nil
	default: // Items
		return func(v any) bool {
			a, ok := v.([]any)
			return !ok || within(len(a))
		}, nil
	}
}

func patternCheck(val any) (checker, error) {
	p, ok := val.(string)
	if !ok {
		return nil, fmt.Errorf("pattern is not a string")
	}
	match, err := matcherFor(p)
	if err != nil {
		return nil, fmt.Errorf("pattern: %w", err)
	}
	return func(v any) bool {
		s, ok := v.(string)
		return !ok || match(s)
	}, nil
}

func requiredCheck(val any) (checker, error) {
	list, ok := val.([]any)
	if !ok {
		return nil, fmt.Errorf("required is not an array")
	}
	names := make([]string, len(list))
	for i, e := range list {
		if names[i], ok = e.(string); !ok {
			return nil, fmt.Errorf("required holds a non-string")
		}
	}
	return func(v any) bool {
		m, ok := v.(map[string]any)
		if !ok {
			return true
		}
		for _, name := range names {
			if _, ok := m[name]; !ok {
				return false
			}
		}
		return true
	}, nil
}

func (cc *checkCompiler) propertyNames(val any) (checker, error) {
	names, err := cc.compile(val)
	if err != nil {
		return nil, err
	}
	return func(v any) bool {
		m, ok := v.(map[string]any)
		if !ok {
			return true
		}
		for k := range m {
			if !names(k) {
				return false
			}
		}
		return true
	}, nil
}

// uniqueCheck compiles uniqueItems; false checks nothing.
func uniqueCheck(val any) checker {
	if b, _ := val.(bool); !b {
		return nil
	}
	return func(v any) bool {
		a, ok := v.([]any)
		if !ok {
			return true
		}
		for i := 1; i < len(a); i++ {
			for j := range i {
				if equal(a[i], a[j]) {
					return false
				}
			}
		}
		return true
	}
}

// ref compiles a local $ref ("#" or "#/json/pointer"), once a place.
func (cc *checkCompiler) ref(val any) (checker, error) {
	ref, ok := val.(string)
	if !ok || !strings.HasPrefix(ref, "#") {
		return nil, fmt.Errorf("only local references are supported")
	}
	slot, ok := cc.refs[ref]
	if !ok {
		slot = new(checker)
		cc.refs[ref] = slot
		target, err := resolvePointer(cc.root, ref[1:])
		if err != nil {
			return nil, err
		}
		c, err := cc.compile(target)
		if err != nil {
			return nil, err
		}
		*slot = c
	}
	return func(v any) bool { return (*slot)(v) }, nil
}

func resolvePointer(root any, ptr string) (any, error) {
	node := root
	if ptr == "" {
		return node, nil
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		m, ok := node.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("$ref %q: not an object on the way", ptr)
		}
		if node, ok = m[tok]; !ok {
			return nil, fmt.Errorf("$ref %q: no %q", ptr, tok)
		}
	}
	return node, nil
}

// members compiles properties and additionalProperties together: one
// pass over the object's members, each checked by its property's schema,
// or by additionalProperties when properties does not name it.
func (cc *checkCompiler) members(n map[string]any) (checker, error) {
	props, _ := n["properties"].(map[string]any)
	if _, ok := n["properties"]; ok && props == nil {
		return nil, fmt.Errorf("properties is not an object")
	}
	named := &propTable{}
	for name, sub := range props {
		c, err := cc.compile(sub)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		named.add(name, c)
	}
	var other checker // nil: any other member goes
	closed := false
	if val, ok := n["additionalProperties"]; ok {
		if b, isBool := val.(bool); isBool {
			closed = !b
		} else {
			var err error
			if other, err = cc.compile(val); err != nil {
				return nil, fmt.Errorf("additionalProperties: %w", err)
			}
		}
	}
	if !closed && other == nil {
		// Only the named members are checked: look them up (an if's
		// schema names one of a card's many members).
		return func(v any) bool {
			m, ok := v.(map[string]any)
			if !ok {
				return true
			}
			for i, name := range named.names {
				if val, ok := m[name]; ok && !named.checks[i](val) {
					return false
				}
			}
			return true
		}, nil
	}
	return func(v any) bool {
		m, ok := v.(map[string]any)
		if !ok {
			return true
		}
		for name, val := range m {
			c := named.find(name)
			switch {
			case c != nil:
				if !c(val) {
					return false
				}
			case closed:
				return false
			case other != nil:
				if !other(val) {
					return false
				}
			}
		}
		return true
	}, nil
}

// propTable finds a property's checker by name: a list searched in turn
// while short (an object's schema names a handful), a map past that.
type propTable struct {
	names  []string
	checks []checker
	byName map[string]checker
}

func (t *propTable) add(name string, c checker) {
	t.names = append(t.names, name)
	t.checks = append(t.checks, c)
	if len(t.names) > 12 {
		if t.byName == nil {
			t.byName = map[string]checker{}
			for i, n := range t.names[:len(t.names)-1] {
				t.byName[n] = t.checks[i]
			}
		}
		t.byName[name] = c
	}
}

func (t *propTable) find(name string) checker {
	if t.byName != nil {
		return t.byName[name]
	}
	for i, n := range t.names {
		if n == name {
			return t.checks[i]
		}
	}
	return nil
}

// items compiles items and prefixItems (draft 2020-12) together, once.
func (cc *checkCompiler) items(n map[string]any, key string) (checker, error) {
	if key == "items" {
		if _, ok := n["prefixItems"]; ok {
			return nil, nil // compiled with prefixItems
		}
	}
	var prefix []checker
	if list, ok := n["prefixItems"].([]any); ok {
		for _, sub := range list {
			c, err := cc.compile(sub)
			if err != nil {
				return nil, err
			}
			prefix = append(prefix, c)
		}
	} else if _, ok := n["prefixItems"]; ok {
		return nil, fmt.Errorf("prefixItems is not an array")
	}
	var rest checker
	if sub, ok := n["items"]; ok {
		if _, isList := sub.([]any); isList {
			return nil, fmt.Errorf("items as an array is not draft 2020-12")
		}
		var err error
		if rest, err = cc.compile(sub); err != nil {
			return nil, err
		}
	}
	return func(v any) bool {
		a, ok := v.([]any)
		if !ok {
			return true
		}
		for i, e := range a {
			switch {
			case i < len(prefix):
				if !prefix[i](e) {
					return false
				}
			case rest != nil:
				if !rest(e) {
					return false
				}
			default:
				return true
			}
		}
		return true
	}, nil
}

func (cc *checkCompiler) combine(key string, val any) (checker, error) {
	list, ok := val.([]any)
	if !ok || len(list) == 0 {
		return nil, fmt.Errorf("not a non-empty array")
	}
	var subs []checker
	for _, s := range list {
		c, err := cc.compile(s)
		if err != nil {
			return nil, err
		}
		subs = append(subs, c)
	}
	switch key {
	case "allOf":
		return func(v any) bool {
			for _, c := range subs {
				if !c(v) {
					return false
				}
			}
			return true
		}, nil
	case "anyOf":
		return func(v any) bool {
			for _, c := range subs {
				if c(v) {
					return true
				}
			}
			return false
		}, nil
	}
	return func(v any) bool {
		matched := 0
		for _, c := range subs {
			if c(v) {
				matched++
			}
		}
		return matched == 1
	}, nil
}

func (cc *checkCompiler) ifThenElse(n map[string]any) (checker, error) {
	cond, err := cc.compile(n["if"])
	if err != nil {
		return nil, err
	}
	pass := func(any) bool { return true }
	then, els := pass, pass
	if s, ok := n["then"]; ok {
		if then, err = cc.compile(s); err != nil {
			return nil, err
		}
	}
	if s, ok := n["else"]; ok {
		if els, err = cc.compile(s); err != nil {
			return nil, err
		}
	}
	return func(v any) bool {
		if cond(v) {
			return then(v)
		}
		return els(v)
	}, nil
}

// typeCheck compiles "type": a name or a list of names.
func typeCheck(t any) (checker, error) {
	var names []string
	switch x := t.(type) {
	case string:
		names = []string{x}
	case []any:
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("type holds a non-string")
			}
			names = append(names, s)
		}
	default:
		return nil, fmt.Errorf("type is neither a string nor a list")
	}
	var mask uint8
	for _, name := range names {
		switch name {
		case "null":
			mask |= 1
		case "boolean":
			mask |= 2
		case "string":
			mask |= 4
		case "number":
			mask |= 8
		case "integer":
			mask |= 16
		case "array":
			mask |= 32
		case "object":
			mask |= 64
		default:
			return nil, fmt.Errorf("unknown type %q", name)
		}
	}
	return func(v any) bool {
		switch x := v.(type) {
		case nil:
			return mask&1 != 0
		case bool:
			return mask&2 != 0
		case string:
			return mask&4 != 0
		case json.Number:
			return mask&8 != 0 || mask&16 != 0 && isWhole(x)
		case []any:
			return mask&32 != 0
		case map[string]any:
			return mask&64 != 0
		}
		return false // the validator takes no other kinds of values
	}, nil
}

// isWhole reports whether a number's value is a whole number ("3", "3.0",
// "3e2").
func isWhole(n json.Number) bool {
	s := string(n)
	plain := len(s) > 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && !(i == 0 && c == '-') {
			plain = false
			break
		}
	}
	if plain {
		return true
	}
	r, ok := new(big.Rat).SetString(s)
	return ok && r.IsInt()
}

// count reads a non-negative integer keyword value.
func count(val any) (int, error) {
	n, ok := val.(json.Number)
	if !ok {
		return 0, fmt.Errorf("not a number")
	}
	i, err := strconv.Atoi(string(n))
	if err != nil || i < 0 {
		return 0, fmt.Errorf("not a count: %s", n)
	}
	return i, nil
}

// boundCheck compiles minimum, maximum and their exclusive forms.
func boundCheck(key string, val any) (checker, error) {
	n, ok := val.(json.Number)
	if !ok {
		return nil, fmt.Errorf("not a number")
	}
	lim, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return nil, fmt.Errorf("not a number: %s", n)
	}
	limF, exact := lim.Float64()
	if !exact {
		return nil, fmt.Errorf("bound %s is not a float64", n)
	}
	return func(v any) bool {
		x, ok := v.(json.Number)
		if !ok {
			return true
		}
		c := compareNumber(x, lim, limF)
		switch key {
		case "minimum":
			return c >= 0
		case "maximum":
			return c <= 0
		case "exclusiveMinimum":
			return c > 0
		}
		return c < 0
	}, nil
}

// compareNumber compares the exact value of the literal x with lim (which
// is limF exactly): the literal read as the nearest float64 decides when
// it differs from limF (rounding keeps order, and limF is a float64), and
// exact rationals decide a tie.
func compareNumber(x json.Number, lim *big.Rat, limF float64) int {
	f, err := strconv.ParseFloat(string(x), 64)
	if err == nil || math.IsInf(f, 0) {
		switch {
		case f < limF:
			return -1
		case f > limF:
			return 1
		case shortInteger(string(x)):
			return 0 // read exactly: the tie is real
		}
	}
	r, ok := new(big.Rat).SetString(string(x))
	if !ok {
		return 0
	}
	return r.Cmp(lim)
}

// shortInteger reports whether s is an integer literal of at most 15
// digits, which a float64 holds exactly.
func shortInteger(s string) bool {
	digits := s
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 15 {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// equal is JSON equality as the validator has it: numbers by value,
// objects by their members, arrays element by element.
func equal(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		if x == y {
			return true
		}
		rx, okx := new(big.Rat).SetString(string(x))
		ry, oky := new(big.Rat).SetString(string(y))
		return okx && oky && rx.Cmp(ry) == 0
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !equal(v, w) {
				return false
			}
		}
		return true
	case string, bool, nil:
		return a == b
	}
	return false
}
