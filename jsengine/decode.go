package jsengine

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/tendays/tendays/mapdata"
)

// The engine in WebAssembly spends most of a pack's load in decoding it:
// encoding/json's reflection, and the tree of positions mapdata reads first
// for its messages, run many times slower there than natively. fastPack is
// a reader of the pack's JSON for the engine's types alone, field by field
// with no reflection, that gives up (ok false) on anything it is not sure
// of: an unknown or repeated key, a null, a number an int field does not
// hold, an escape or byte out of the ordinary, a header mapdata would
// refuse. Load then reads the text the usual way (mapdata.DecodePack),
// which decodes it or says where it is wrong: so a pack decodes to the same
// Pack either way, and every fault is told as tendays tells it
// (TestFastPackIsDecodePack, FuzzFastPack).
func fastPack(src []byte) (p *mapdata.Pack, ok bool) {
	r := &reader{s: src}
	p = &mapdata.Pack{}
	r.pack(p)
	r.space()
	if r.bad || r.i != len(r.s) {
		return nil, false
	}
	if p.Format != mapdata.Format || p.FormatVersion < 1 || p.FormatVersion > mapdata.FormatVersion || p.Kind == mapdata.KindNetwork {
		return nil, false
	}
	return p, true
}

// reader reads JSON text; any surprise sets bad, and every read after it
// does nothing.
type reader struct {
	s   []byte
	i   int
	bad bool
}

func (r *reader) fail() { r.bad = true }

func (r *reader) space() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// peek is the next byte after spaces, 0 at the end.
func (r *reader) peek() byte {
	r.space()
	if r.i >= len(r.s) {
		return 0
	}
	return r.s[r.i]
}

func (r *reader) expect(c byte) {
	if r.bad || r.peek() != c {
		r.fail()
		return
	}
	r.i++
}

// object reads an object, calling field for each key (the reader is then
// at its value), which reads the value and says whether it knew the key.
// A key met twice is a surprise (mapdata refuses it at its place).
func (r *reader) object(field func(key string) bool) {
	r.expect('{')
	if r.bad {
		return
	}
	var seen []string
	if r.peek() == '}' {
		r.i++
		return
	}
	for !r.bad {
		key := r.str()
		for _, k := range seen {
			if k == key {
				r.fail()
				return
			}
		}
		seen = append(seen, key)
		r.expect(':')
		if r.bad || !field(key) {
			r.fail()
			return
		}
		switch r.peek() {
		case ',':
			r.i++
		case '}':
			r.i++
			return
		default:
			r.fail()
		}
	}
}

// array reads an array, calling item for each element.
func (r *reader) array(item func()) {
	r.expect('[')
	if r.bad {
		return
	}
	if r.peek() == ']' {
		r.i++
		return
	}
	for !r.bad {
		item()
		switch r.peek() {
		case ',':
			r.i++
		case ']':
			r.i++
			return
		default:
			r.fail()
		}
	}
}

func (r *reader) str() string {
	if r.bad || r.peek() != '"' {
		r.fail()
		return ""
	}
	r.i++
	start := r.i
	for r.i < len(r.s) {
		switch c := r.s[r.i]; {
		case c == '"':
			s := r.s[start:r.i]
			r.i++
			if !utf8.Valid(s) {
				r.fail()
			}
			return string(s)
		case c == '\\':
			return r.escaped(start)
		case c < 0x20:
			r.fail()
			return ""
		default:
			r.i++
		}
	}
	r.fail()
	return ""
}

// escaped reads the rest of a string that has escapes, from start.
func (r *reader) escaped(start int) string {
	buf := append([]byte(nil), r.s[start:r.i]...)
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			if !utf8.Valid(buf) {
				r.fail()
			}
			return string(buf)
		case c < 0x20:
			r.fail()
			return ""
		case c != '\\':
			buf = append(buf, c)
			r.i++
			continue
		}
		if r.i+1 >= len(r.s) {
			break
		}
		e := r.s[r.i+1]
		r.i += 2
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			u := r.hex4()
			if utf16.IsSurrogate(u) {
				// A pair, or encoding/json's U+FFFD: leave the odd case to it.
				if r.i+1 < len(r.s) && r.s[r.i] == '\\' && r.s[r.i+1] == 'u' {
					r.i += 2
					if d := utf16.DecodeRune(u, r.hex4()); d != utf8.RuneError {
						buf = utf8.AppendRune(buf, d)
						continue
					}
				}
				r.fail()
				return ""
			}
			buf = utf8.AppendRune(buf, u)
		default:
			r.fail()
			return ""
		}
		if r.bad {
			return ""
		}
	}
	r.fail()
	return ""
}

func (r *reader) hex4() rune {
	if r.i+4 > len(r.s) {
		r.fail()
		return 0
	}
	v, err := strconv.ParseUint(string(r.s[r.i:r.i+4]), 16, 16)
	if err != nil {
		r.fail()
		return 0
	}
	r.i += 4
	return rune(v)
}

// number is the text of a JSON number.
func (r *reader) number() []byte {
	if r.bad {
		return nil
	}
	r.space()
	start := r.i
	if r.i < len(r.s) && r.s[r.i] == '-' {
		r.i++
	}
	digits := func() int {
		n := 0
		for r.i < len(r.s) && r.s[r.i] >= '0' && r.s[r.i] <= '9' {
			r.i++
			n++
		}
		return n
	}
	intStart := r.i
	if digits() == 0 || r.s[intStart] == '0' && r.i-intStart > 1 {
		r.fail()
		return nil
	}
	if r.i < len(r.s) && r.s[r.i] == '.' {
		r.i++
		if digits() == 0 {
			r.fail()
			return nil
		}
	}
	if r.i < len(r.s) && (r.s[r.i] == 'e' || r.s[r.i] == 'E') {
		r.i++
		if r.i < len(r.s) && (r.s[r.i] == '+' || r.s[r.i] == '-') {
			r.i++
		}
		if digits() == 0 {
			r.fail()
			return nil
		}
	}
	return r.s[start:r.i]
}

func (r *reader) int() int {
	t := r.number()
	n, err := strconv.Atoi(string(t))
	if r.bad || err != nil {
		r.fail()
	}
	return n
}

func (r *reader) int64() int64 {
	t := r.number()
	n, err := strconv.ParseInt(string(t), 10, 64)
	if r.bad || err != nil {
		r.fail()
	}
	return n
}

func (r *reader) float() float64 {
	t := r.number()
	f, err := strconv.ParseFloat(string(t), 64)
	if r.bad || err != nil {
		r.fail()
	}
	return f
}

func (r *reader) boolean() bool {
	if r.bad {
		return false
	}
	r.space()
	switch {
	case len(r.s)-r.i >= 4 && string(r.s[r.i:r.i+4]) == "true":
		r.i += 4
		return true
	case len(r.s)-r.i >= 5 && string(r.s[r.i:r.i+5]) == "false":
		r.i += 5
		return false
	}
	r.fail()
	return false
}

func (r *reader) strings() []string {
	out := []string{}
	r.array(func() { out = append(out, r.str()) })
	return out
}

func (r *reader) stringMap() map[string]string {
	m := map[string]string{}
	r.object(func(k string) bool {
		m[k] = r.str()
		return true
	})
	return m
}

func (r *reader) intPtr() *int {
	n := r.int()
	return &n
}

// The pack's types, key by key, as their json tags name them.

func (r *reader) pack(p *mapdata.Pack) {
	r.object(func(k string) bool {
		switch k {
		case "format":
			p.Format = r.str()
		case "formatVersion":
			p.FormatVersion = r.int()
		case "kind":
			p.Kind = r.str()
		case "edition":
			r.object(func(k string) bool {
				switch k {
				case "id":
					p.Edition.ID = r.str()
				case "name":
					p.Edition.Name = r.str()
				case "days":
					p.Edition.Days = r.int()
				default:
					return false
				}
				return true
			})
		case "rules":
			r.object(func(k string) bool {
				if k != "swap" {
					return false
				}
				p.Rules.Swap = r.boolean()
				return true
			})
		case "colors":
			p.Colors = []mapdata.Color{}
			r.array(func() {
				var c mapdata.Color
				r.object(func(k string) bool {
					switch k {
					case "id":
						c.ID = r.str()
					case "name":
						c.Name = r.str()
					case "hex":
						c.Hex = r.str()
					default:
						return false
					}
					return true
				})
				p.Colors = append(p.Colors, c)
			})
		case "regions":
			p.Regions = []mapdata.Region{}
			r.array(func() { p.Regions = append(p.Regions, r.region()) })
		case "links":
			p.Links = r.links()
		case "removed":
			p.Removed = r.links()
		case "seas":
			p.Seas = []mapdata.Sea{}
			r.array(func() {
				var s mapdata.Sea
				r.object(func(k string) bool {
					switch k {
					case "id":
						s.ID = r.str()
					case "name":
						s.Name = r.str()
					case "connects":
						s.Connects = r.strings()
					default:
						return false
					}
					return true
				})
				p.Seas = append(p.Seas, s)
			})
		case "rails":
			p.Rails = []mapdata.Rail{}
			r.array(func() {
				var l mapdata.Rail
				r.object(func(k string) bool {
					switch k {
					case "id":
						l.ID = r.str()
					case "name":
						l.Name = r.str()
					case "stops":
						l.Stops = r.strings()
					default:
						return false
					}
					return true
				})
				p.Rails = append(p.Rails, l)
			})
		case "deck":
			r.deck(&p.Deck)
		case "expect":
			p.Expect = &mapdata.Expect{}
			r.object(func(k string) bool {
				switch k {
				case "regionCards":
					p.Expect.RegionCards = r.intPtr()
				case "transportCards":
					p.Expect.TransportCards = r.intPtr()
				case "regions":
					p.Expect.Regions = r.intPtr()
				default:
					return false
				}
				return true
			})
		case "combined":
			p.Combined = r.combined()
		case "provenance":
			r.provenance(&p.Provenance)
		default:
			return false
		}
		return true
	})
}

func (r *reader) region() mapdata.Region {
	var g mapdata.Region
	r.object(func(k string) bool {
		switch k {
		case "id":
			g.ID = r.str()
		case "name":
			g.Name = r.str()
		case "aliases":
			g.Aliases = r.strings()
		case "names":
			g.Names = r.stringMap()
		case "color":
			g.Color = r.str()
		case "copies":
			g.Copies = r.int()
		case "airOnly":
			g.AirOnly = r.boolean()
		case "seas":
			g.Seas = r.strings()
		case "rails":
			g.Rails = r.strings()
		case "map":
			g.Map = r.str()
		default:
			return false
		}
		return true
	})
	return g
}

func (r *reader) links() []mapdata.Link {
	out := []mapdata.Link{}
	r.array(func() {
		var l mapdata.Link
		r.object(func(k string) bool {
			switch k {
			case "a":
				l.A = r.str()
			case "b":
				l.B = r.str()
			case "kind":
				l.Kind = mapdata.LinkKind(r.str())
			case "lengthKm":
				l.LengthKm = r.float()
			case "via":
				l.Via = r.strings()
			case "why":
				l.Why = r.str()
			default:
				return false
			}
			return true
		})
		out = append(out, l)
	})
	return out
}

func (r *reader) deck(d *mapdata.Deck) {
	r.object(func(k string) bool {
		switch k {
		case "cards":
			d.Cards = []mapdata.Card{}
			r.array(func() {
				var c mapdata.Card
				r.object(func(k string) bool {
					switch k {
					case "token":
						c.Token = r.str()
					case "kind":
						c.Kind = mapdata.CardKind(r.str())
					case "region":
						c.Region = r.str()
					case "color":
						c.Color = r.str()
					case "sea":
						c.Sea = r.str()
					case "rail":
						c.Rail = r.str()
					case "count":
						c.Count = r.int()
					case "maps":
						c.Maps = []mapdata.MapCount{}
						r.array(func() {
							var m mapdata.MapCount
							r.object(func(k string) bool {
								switch k {
								case "map":
									m.Map = r.str()
								case "count":
									m.Count = r.int()
								default:
									return false
								}
								return true
							})
							c.Maps = append(c.Maps, m)
						})
					default:
						return false
					}
					return true
				})
				d.Cards = append(d.Cards, c)
			})
		case "totals":
			r.object(func(k string) bool {
				switch k {
				case "regionCards":
					d.Totals.RegionCards = r.int()
				case "transportCards":
					d.Totals.TransportCards = r.int()
				case "cards":
					d.Totals.Cards = r.int()
				default:
					return false
				}
				return true
			})
		default:
			return false
		}
		return true
	})
}

func (r *reader) combined() *mapdata.Combined {
	c := &mapdata.Combined{}
	r.object(func(k string) bool {
		switch k {
		case "members":
			c.Members = []mapdata.Member{}
			r.array(func() {
				var m mapdata.Member
				r.object(func(k string) bool {
					switch k {
					case "id":
						m.ID = r.str()
					case "name":
						m.Name = r.str()
					default:
						return false
					}
					return true
				})
				c.Members = append(c.Members, m)
			})
		case "drawPiles":
			c.DrawPiles = r.int()
		case "faceUp":
			c.FaceUp = r.int()
		case "win":
			c.Win = r.str()
		case "planes":
			c.Planes = r.str()
		case "same":
			c.Same = [][]string{}
			r.array(func() { c.Same = append(c.Same, r.strings()) })
		default:
			return false
		}
		return true
	})
	return c
}

func (r *reader) provenance(p *mapdata.Provenance) {
	r.object(func(k string) bool {
		switch k {
		case "tool":
			p.Tool = r.str()
		case "version":
			p.Version = r.str()
		case "inputs":
			p.Inputs = []mapdata.Input{}
			r.array(func() {
				var in mapdata.Input
				r.object(func(k string) bool {
					switch k {
					case "path":
						in.Path = r.str()
					case "sha256":
						in.SHA256 = r.str()
					case "bytes":
						in.Bytes = r.int64()
					default:
						return false
					}
					return true
				})
				p.Inputs = append(p.Inputs, in)
			})
		case "parameters":
			p.Parameters = r.stringMap()
		case "notes":
			p.Notes = r.strings()
		default:
			return false
		}
		return true
	})
}
