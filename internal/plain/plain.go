// Package plain decodes a tree of plain JSON values (map[string]any, []any,
// string, json.Number, bool and nil, as srcpos.Value reads a document) into
// Go values, exactly as encoding/json decodes the document's text with
// DisallowUnknownFields, for the trees it is sure of.
//
// It is the fast path of a reader that has the tree already: the strings
// are the tree's own, and no text is scanned a second time. It declines
// (Decode reports false) wherever encoding/json's answer takes more than
// the plain rules below: a key that names no field exactly (encoding/json
// would match it without regard to case, or refuse it), a value of the
// wrong type or out of range (an error to report), a type with its own
// UnmarshalJSON or UnmarshalText, an embedded struct, a `,string` field, a
// tag name of other characters than letters, digits, '-' and '_', an
// interface, a map keyed by other than string. The caller then
// decodes with encoding/json, which says what is wrong and where. Messages
// are not made here.
package plain

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// Decode decodes tree into the value dst points to, which must be its
// type's zero value (encoding/json merges into what is there; a fresh
// value is where the two agree). It reports false when it declined: dst is
// then left part-filled, to be zeroed and decoded again by encoding/json.
func Decode(tree any, dst any) bool {
	rv := reflect.ValueOf(dst)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return false
	}
	return decoderOf(rv.Type().Elem())(tree, rv.Elem())
}

// A decoder decodes a tree into v, a settable zero value of its type, or
// reports false. A null leaves v as it is: encoding/json sets a pointer, a
// slice, a map or an interface to nil and leaves anything else alone, and v
// is zero.
type decoder func(tree any, v reflect.Value) bool

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	numberType          = reflect.TypeFor[json.Number]()
	stringType          = reflect.TypeFor[string]()
)

var decoders sync.Map // reflect.Type → decoder

// decoderOf returns t's decoder, made once a type. A type that refers to
// itself (a tree of nodes) is given a decoder that looks its own up when
// called, since it is not made yet while it is being made.
func decoderOf(t reflect.Type) decoder {
	if d, ok := decoders.Load(t); ok {
		return d.(decoder)
	}
	var (
		wg sync.WaitGroup
		d  decoder
	)
	wg.Add(1)
	if d0, loaded := decoders.LoadOrStore(t, decoder(func(tree any, v reflect.Value) bool {
		wg.Wait()
		return d(tree, v)
	})); loaded {
		return d0.(decoder)
	}
	d = newDecoder(t)
	wg.Done()
	decoders.Store(t, d)
	return d
}

func decline(any, reflect.Value) bool { return false }

// leaf is the decoder of a value the tree holds as a T (a string, a bool,
// a json.Number): set sets it, or reports false; null leaves v as it is.
func leaf[T any](set func(T, reflect.Value) bool) decoder {
	return func(tree any, v reflect.Value) bool {
		switch x := tree.(type) {
		case T:
			return set(x, v)
		case nil:
			return true
		}
		return false
	}
}

func newDecoder(t reflect.Type) decoder {
	if custom(t) {
		return decline
	}
	switch t.Kind() {
	case reflect.Pointer:
		return pointerDecoder(t)
	case reflect.Struct:
		return structDecoder(t)
	case reflect.Slice:
		return sliceDecoder(t)
	case reflect.Array:
		return arrayDecoder(t)
	case reflect.Map:
		return mapDecoder(t)
	case reflect.String:
		if t == numberType {
			return decline
		}
		return leaf(func(s string, v reflect.Value) bool { v.SetString(s); return true })
	case reflect.Bool:
		return leaf(func(b bool, v reflect.Value) bool { v.SetBool(b); return true })
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return leaf(func(n json.Number, v reflect.Value) bool {
			i, err := strconv.ParseInt(string(n), 10, 64)
			if err != nil || v.OverflowInt(i) {
				return false
			}
			v.SetInt(i)
			return true
		})
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return leaf(func(n json.Number, v reflect.Value) bool {
			u, err := strconv.ParseUint(string(n), 10, 64)
			if err != nil || v.OverflowUint(u) {
				return false
			}
			v.SetUint(u)
			return true
		})
	case reflect.Float32, reflect.Float64:
		bits := t.Bits()
		return leaf(func(n json.Number, v reflect.Value) bool {
			f, err := strconv.ParseFloat(string(n), bits)
			if err != nil || v.OverflowFloat(f) {
				return false
			}
			v.SetFloat(f)
			return true
		})
	}
	// An interface (encoding/json would make float64s of the numbers), a
	// channel...: encoding/json decides.
	return decline
}

// custom reports whether encoding/json would hand a value of type t to its
// own UnmarshalJSON or UnmarshalText.
func custom(t reflect.Type) bool {
	if t.Kind() != reflect.Pointer {
		t = reflect.PointerTo(t)
	}
	return t.Implements(unmarshalerType) || t.Implements(textUnmarshalerType)
}

func pointerDecoder(t reflect.Type) decoder {
	elem := t.Elem()
	de := decoderOf(elem)
	return func(tree any, v reflect.Value) bool {
		if tree == nil {
			return true
		}
		e := reflect.New(elem)
		if !de(tree, e.Elem()) {
			return false
		}
		v.Set(e)
		return true
	}
}

func sliceDecoder(t reflect.Type) decoder {
	de := decoderOf(t.Elem())
	return func(tree any, v reflect.Value) bool {
		switch arr := tree.(type) {
		case []any:
			// encoding/json makes an empty slice of [], not nil.
			s := reflect.MakeSlice(t, len(arr), len(arr))
			for i, c := range arr {
				if !de(c, s.Index(i)) {
					return false
				}
			}
			v.Set(s)
			return true
		case nil:
			return true
		}
		return false
	}
}

// arrayDecoder: encoding/json fills an array from the start, leaves the
// rest zero, and skips the elements past its length unread.
func arrayDecoder(t reflect.Type) decoder {
	de := decoderOf(t.Elem())
	return func(tree any, v reflect.Value) bool {
		switch arr := tree.(type) {
		case []any:
			for i, c := range arr[:min(len(arr), v.Len())] {
				if !de(c, v.Index(i)) {
					return false
				}
			}
			return true
		case nil:
			return true
		}
		return false
	}
}

func mapDecoder(t reflect.Type) decoder {
	if t.Key() != stringType {
		return decline
	}
	elem := t.Elem()
	de := decoderOf(elem)
	return func(tree any, v reflect.Value) bool {
		switch obj := tree.(type) {
		case map[string]any:
			m := reflect.MakeMapWithSize(t, len(obj))
			e := reflect.New(elem).Elem()
			for k, c := range obj {
				e.SetZero()
				if !de(c, e) {
					return false
				}
				m.SetMapIndex(reflect.ValueOf(k), e)
			}
			v.Set(m)
			return true
		case nil:
			return true
		}
		return false
	}
}

// field is one field of a struct that a key may name.
type field struct {
	index int
	dec   decoder
}

// structDecoder decodes an object into a struct whose fields encoding/json
// names plainly (see plainFields), or declines every object.
func structDecoder(t reflect.Type) decoder {
	names, ok := plainFields(t)
	if !ok {
		return decline
	}
	fields := make(map[string]field, len(names))
	for name, i := range names {
		fields[name] = field{i, decoderOf(t.Field(i).Type)}
	}
	return func(tree any, v reflect.Value) bool {
		switch obj := tree.(type) {
		case map[string]any:
			for k, c := range obj {
				f, ok := fields[k]
				if !ok || !f.dec(c, v.Field(f.index)) {
					return false
				}
			}
			return true
		case nil:
			return true
		}
		return false
	}
}

// plainFields names t's fields as encoding/json does, by their index, or
// reports false when a field's handling is more than its name: an
// embedded field, a `,string` option, a tag name encoding/json might not
// take as written, two fields of one name.
func plainFields(t reflect.Type) (map[string]int, bool) {
	names := make(map[string]int, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil, false
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if !plainName(name) || hasOption(opts, "string") {
			return nil, false
		}
		if name == "" {
			name = f.Name
		}
		if _, twice := names[name]; twice {
			return nil, false
		}
		names[name] = i
	}
	return names, true
}

// plainName reports whether a tag's name is empty or made of ASCII letters,
// digits, '-' and '_', which encoding/json takes as written.
func plainName(name string) bool {
	for _, c := range []byte(name) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}
