package jsengine

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tendays/tendays/internal/jsonscan"
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
	r := &reader{s: jsonscan.Scanner{Src: src}}
	p = &mapdata.Pack{}
	r.pack(p)
	if r.bad || r.s.End() != nil {
		return nil, false
	}
	if p.Format != mapdata.Format || p.FormatVersion < 1 || p.FormatVersion > mapdata.FormatVersion || p.Kind == mapdata.KindNetwork {
		return nil, false
	}
	return p, true
}

// reader reads the pack's values with the project's strict JSON scanner
// (internal/jsonscan: it refuses a repeated key, and nesting past its
// bound); any surprise sets bad, and every read after it does nothing.
type reader struct {
	s   jsonscan.Scanner
	bad bool
}

// errUnknown stops an object at a key the reader does not know.
var errUnknown = errors.New("unknown key")

// object reads an object, calling field for each key (the scanner is then
// on its value), which reads the value and says whether it knew the key.
func (r *reader) object(field func(key string) bool) {
	if r.bad {
		return
	}
	err := r.s.Object(func(key []byte) error {
		if !field(string(key)) || r.bad {
			return errUnknown
		}
		return nil
	})
	if err != nil {
		r.bad = true
	}
}

// array reads an array, calling item for each element.
func (r *reader) array(item func()) {
	if r.bad {
		return
	}
	ok, err := r.s.Array()
	for ok && err == nil && !r.bad {
		item()
		if r.bad {
			return
		}
		ok, err = r.s.Next()
	}
	if err != nil {
		r.bad = true
	}
}

// str reads a string; one whose bytes are not UTF-8 is a surprise
// (mapdata refuses it at its place).
func (r *reader) str() string {
	if r.bad {
		return ""
	}
	r.s.WS()
	start := r.s.Pos
	b, err := r.s.Str()
	if err != nil || !utf8.Valid(r.s.Src[start:r.s.Pos]) {
		r.bad = true
		return ""
	}
	return string(b)
}

// number reads a number and the text it was written as.
func (r *reader) number() (float64, []byte) {
	if r.bad {
		return 0, nil
	}
	r.s.WS()
	start := r.s.Pos
	f, err := r.s.Num()
	if err != nil || math.IsInf(f, 0) {
		r.bad = true
		return 0, nil
	}
	return f, r.s.Src[start:r.s.Pos]
}

// int64 reads an integer written as one (a fraction or an exponent is
// encoding/json's to judge), exactly: from its text, not the float.
func (r *reader) int64() int64 {
	_, text := r.number()
	if r.bad || strings.Trim(string(text), "-0123456789") != "" {
		r.bad = true
		return 0
	}
	n, err := strconv.ParseInt(string(text), 10, 64)
	if err != nil {
		r.bad = true
	}
	return n
}

func (r *reader) int() int { return int(r.int64()) }

func (r *reader) float() float64 {
	f, _ := r.number()
	return f
}

func (r *reader) boolean() bool {
	if r.bad {
		return false
	}
	switch r.s.WS() {
	case 't':
		if r.s.Literal("true") {
			return true
		}
	case 'f':
		if r.s.Literal("false") {
			return false
		}
	}
	r.bad = true
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

// line is a rail line or a ship route: an id, a name and its stops.
func (r *reader) line() (id, name string, stops []string) {
	r.object(func(k string) bool {
		switch k {
		case "id":
			id = r.str()
		case "name":
			name = r.str()
		case "stops":
			stops = r.strings()
		default:
			return false
		}
		return true
	})
	return id, name, stops
}

// rules is the pack's rules block (mapdata.Rules).
func (r *reader) rules(rs *mapdata.Rules) {
	r.object(func(k string) bool {
		switch k {
		case "swap":
			rs.Swap = r.boolean()
		case "faceUp":
			rs.FaceUp = r.int()
		case "start":
			rs.Start = r.str()
		case "journey":
			j := &mapdata.JourneyRules{}
			r.object(func(k string) bool {
				switch k {
				case "startOnTransport":
					j.StartOnTransport = r.boolean()
				case "endOnTransport":
					j.EndOnTransport = r.boolean()
				case "daysByPlayers":
					j.DaysByPlayers = map[string]int{}
					r.object(func(k string) bool {
						j.DaysByPlayers[k] = r.int()
						return true
					})
				default:
					return false
				}
				return true
			})
			rs.Journey = j
		case "colorless":
			c := &mapdata.ColorlessRules{}
			r.object(func(k string) bool {
				switch k {
				case "color":
					c.Color = r.str()
				case "planes":
					c.Planes = r.str()
				default:
					return false
				}
				return true
			})
			rs.Colorless = c
		case "transports":
			rs.Transports = []mapdata.TransportKind{}
			r.array(func() {
				var t mapdata.TransportKind
				r.object(func(k string) bool {
					switch k {
					case "kind":
						t.Kind = mapdata.CardKind(r.str())
					case "id":
						t.ID = r.str()
					case "name":
						t.Name = r.str()
					case "pictogram":
						t.Pictogram = r.str()
					default:
						return false
					}
					return true
				})
				rs.Transports = append(rs.Transports, t)
			})
		default:
			return false
		}
		return true
	})
}

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
			r.rules(&p.Rules)
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
				id, name, stops := r.line()
				p.Rails = append(p.Rails, mapdata.Rail{ID: id, Name: name, Stops: stops})
			})
		case "shipRoutes":
			p.ShipRoutes = []mapdata.ShipRoute{}
			r.array(func() {
				id, name, stops := r.line()
				p.ShipRoutes = append(p.ShipRoutes, mapdata.ShipRoute{ID: id, Name: name, Stops: stops})
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
					case "routes":
						c.Routes = r.boolean()
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
