package mapdata

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Card tokens name a card on the command line and in journey files,
// case-insensitively:
//
//	OR, Oregon, "New York"        a region, by id, name or alias
//	plane:red, airplane:dark-blue an airplane of a colour (id or name)
//	car, automobile               an automobile
//	ship:atlantic                 a ship on a sea (id or name)
//	train, train:LINE, railroad   a train; a neutral train card serves any line

// UnknownCardError is a token that names no card of the deck.
type UnknownCardError struct {
	Token   string
	Reason  string
	Nearest []string
}

func (e *UnknownCardError) Error() string {
	msg := fmt.Sprintf("unknown card %q", e.Token)
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if len(e.Nearest) > 0 {
		msg += " (did you mean " + strings.Join(quoteAll(e.Nearest), ", ") + "?)"
	}
	return msg
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = fmt.Sprintf("%q", v)
	}
	return out
}

// Fold normalizes a name for comparison: lower case, with runs of spaces,
// hyphens, underscores and dots made single spaces, so that "new-york",
// "New York" and "new_york" match. A name already folded (the common case
// for ids and typed tokens) is returned as it is, without allocating.
func Fold(s string) string {
	if isFolded(s) {
		return s
	}
	return string(appendFold(make([]byte, 0, len(s)), s))
}

// isFolded reports whether Fold(s) == s: ASCII without upper case, single
// spaces between words and no other separator.
func isFolded(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80, 'A' <= c && c <= 'Z':
			return false
		case c == ' ':
			if i == 0 || i == len(s)-1 || s[i-1] == ' ' {
				return false
			}
		case foldSeparator[c]:
			return false
		}
	}
	return true
}

// foldSeparator marks the ASCII bytes Fold turns into a space: space,
// hyphen, underscore, dot and the ASCII white space (unicode.IsSpace).
var foldSeparator = [128]bool{' ': true, '-': true, '_': true, '.': true,
	'\t': true, '\n': true, '\v': true, '\f': true, '\r': true}

// appendFold appends Fold(s) to dst: ASCII a byte at a time, any other
// rune lowered as unicode.ToLower does (invalid UTF-8 reads as U+FFFD, as
// ranging over the string gives it). Lookups fold into a buffer on the
// stack, so that resolving a token allocates nothing.
func appendFold(dst []byte, s string) []byte {
	start := len(dst)
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			i++
			if foldSeparator[c] {
				space = true
				continue
			}
			if space && len(dst) > start {
				dst = append(dst, ' ')
			}
			space = false
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && len(dst) > start {
			dst = append(dst, ' ')
		}
		space = false
		dst = utf8.AppendRune(dst, unicode.ToLower(r))
	}
	return dst
}

// TokenIndex resolves tokens against one pack. Build it once per pack.
type TokenIndex struct {
	pack    *Pack
	regions map[string]string // folded id, name or alias -> region id
	colors  map[string]string
	seas    map[string]string
	rails   map[string]string
	cards   map[string]int // canonical token, lower case -> deck index
	// byToken is cards keyed by the canonical tokens as Canonical returns
	// them, and planes, ships and lines the canonical tokens of colours,
	// seas and rail lines by their folded names (both interned: a lookup
	// builds no string).
	byToken              map[string]int
	planes, ships, lines map[string]string
	known                []string // every token a user could type, for suggestions
	// ambiguous: folded names that name regions of several maps (a
	// combined pack's "Russia"), with the tokens that say which.
	ambiguous map[string][]string
}

// NewTokenIndex indexes a pack's names for token lookup.
func NewTokenIndex(p *Pack) *TokenIndex {
	ix := &TokenIndex{pack: p, regions: map[string]string{}, colors: map[string]string{},
		seas: map[string]string{}, rails: map[string]string{}, cards: map[string]int{},
		byToken: map[string]int{}, planes: map[string]string{}, ships: map[string]string{}, lines: map[string]string{}}
	// Ids first, then names, then aliases, then names in other languages:
	// a name never hides an id, nor an alias a name. Two regions of a combined pack's maps with one name at
	// one level make the name ambiguous: the token must name the map.
	levels := []func(r Region) []string{
		func(r Region) []string { return []string{r.ID} },
		func(r Region) []string { return []string{r.Name} },
		func(r Region) []string { return r.Aliases },
		// Every language's name (regions.translations), in the order of
		// the languages' codes.
		func(r Region) []string { return r.TranslatedNames() },
	}
	for _, names := range levels {
		level := map[string]string{}
		for _, r := range p.Regions {
			for _, n := range names(r) {
				if n == "" {
					continue
				}
				k := Fold(n)
				if prev, ok := level[k]; ok && prev != r.ID && r.Map != "" {
					if ix.ambiguous == nil {
						ix.ambiguous = map[string][]string{}
					}
					if len(ix.ambiguous[k]) == 0 {
						ix.ambiguous[k] = append(ix.ambiguous[k], mapToken(p, prev, n))
					}
					if t := mapToken(p, r.ID, n); !slices.Contains(ix.ambiguous[k], t) {
						ix.ambiguous[k] = append(ix.ambiguous[k], t)
					}
					continue
				}
				if _, taken := ix.regions[k]; !taken {
					level[k] = r.ID
					ix.regions[k] = r.ID
				}
			}
		}
	}
	for k := range ix.ambiguous {
		delete(ix.regions, k)
	}
	for _, r := range p.Regions {
		ix.known = append(ix.known, r.ID, r.Name)
	}
	for _, c := range p.Colors {
		ix.colors[Fold(c.ID)] = c.ID
		ix.colors[Fold(c.Name)] = c.ID
	}
	for _, s := range p.Seas {
		ix.seas[Fold(s.ID)] = s.ID
		ix.seas[Fold(s.Name)] = s.ID
	}
	for _, r := range p.Rails {
		ix.rails[Fold(r.ID)] = r.ID
		ix.rails[Fold(r.Name)] = r.ID
	}
	for i, c := range p.Deck.Cards {
		ix.cards[strings.ToLower(c.Token)] = i
		if c.Kind != RegionCard {
			ix.known = append(ix.known, c.Token)
		}
	}
	for _, c := range p.Deck.Cards {
		ix.byToken[c.Token] = ix.cards[strings.ToLower(c.Token)]
	}
	intern := func(to map[string]string, from map[string]string, prefix string) {
		for k, id := range from {
			to[k] = prefix + id
		}
	}
	intern(ix.planes, ix.colors, "plane:")
	intern(ix.ships, ix.seas, "ship:")
	intern(ix.lines, ix.rails, "train:")
	return ix
}

// transportWord is what the part of a token before its colon names.
type transportWord uint8

const (
	notTransport transportWord = iota
	carWord
	planeWord
	shipWord
	trainWord
)

// transportWords are the folded words that start a transport card's token.
var transportWords = map[string]transportWord{
	"car": carWord, "automobile": carWord, "auto": carWord,
	"plane": planeWord, "airplane": planeWord, "air": planeWord,
	"ship": shipWord, "boat": shipWord,
	"train": trainWord, "railroad": trainWord, "rail": trainWord,
}

// Lookup resolves a token to the index of its card in the pack's deck.
func (ix *TokenIndex) Lookup(token string) (int, error) {
	canon, err := ix.Canonical(token)
	if err != nil {
		return -1, err
	}
	if i, ok := ix.byToken[canon]; ok {
		return i, nil
	}
	if i, ok := ix.cards[strings.ToLower(canon)]; ok {
		return i, nil
	}
	// A line's train resolves to the neutral train when the deck has only those.
	if strings.HasPrefix(canon, "train:") {
		if i, ok := ix.cards["train"]; ok {
			return i, nil
		}
	}
	return -1, &UnknownCardError{Token: token, Reason: "the deck has no such card", Nearest: ix.Nearest(token, 3)}
}

// Canonical rewrites a token to the form the deck uses ("Oregon" -> "OR",
// "airplane:Dark Blue" -> "plane:dark-blue"), without checking the deck.
// A token that names a card allocates nothing: its parts are folded on the
// stack and the answer is a string the index holds.
func (ix *TokenIndex) Canonical(token string) (string, error) {
	t := strings.TrimSpace(token)
	if t == "" {
		return "", &UnknownCardError{Token: token, Reason: "empty card"}
	}
	kind, arg, hasArg := strings.Cut(t, ":")
	// A combined pack's colours, seas and lines name their map:
	// plane:europe:blue is plane:europe.blue.
	if strings.Contains(arg, ":") {
		arg = strings.ReplaceAll(arg, ":", ".")
	}
	var kindBuf, argBuf [64]byte
	word := transportWords[string(appendFold(kindBuf[:0], kind))]
	folded := func() string { return string(appendFold(argBuf[:0], arg)) }
	switch word {
	case carWord:
		if hasArg {
			return "", &UnknownCardError{Token: token, Reason: "a car card takes no argument"}
		}
		return "car", nil
	case planeWord:
		if tok, ok := ix.planes[string(appendFold(argBuf[:0], arg))]; ok && hasArg {
			return tok, nil
		}
		return "", &UnknownCardError{Token: token, Reason: "no colour " + quoteOrNothing(arg), Nearest: ix.nearestCards(PlaneCard, "plane:"+folded())}
	case shipWord:
		if tok, ok := ix.ships[string(appendFold(argBuf[:0], arg))]; ok && hasArg {
			return tok, nil
		}
		return "", &UnknownCardError{Token: token, Reason: "no sea " + quoteOrNothing(arg), Nearest: ix.nearestCards(ShipCard, "ship:"+folded())}
	case trainWord:
		if !hasArg {
			return "train", nil
		}
		if tok, ok := ix.lines[string(appendFold(argBuf[:0], arg))]; ok {
			return tok, nil
		}
		return "", &UnknownCardError{Token: token, Reason: "no rail line " + quoteOrNothing(arg), Nearest: ix.nearestIn("train:", arg, ix.rails)}
	}
	if id, ok := ix.regions[string(appendFold(kindBuf[:0], t))]; ok {
		return id, nil
	}
	if which, ok := ix.ambiguous[Fold(t)]; ok {
		return "", &UnknownCardError{Token: token, Reason: fmt.Sprintf("%q is on more than one map: name the map (%s)", t, strings.Join(which, " or "))}
	}
	return "", &UnknownCardError{Token: token, Nearest: ix.Nearest(token, 3)}
}

func quoteOrNothing(s string) string {
	if s == "" {
		return "given"
	}
	return fmt.Sprintf("%q", s)
}

func (ix *TokenIndex) nearestIn(prefix, arg string, names map[string]string) []string {
	ids := map[string]bool{}
	for _, id := range names {
		ids[id] = true
	}
	var cands []string
	for id := range ids {
		cands = append(cands, prefix+id)
	}
	return nearest(prefix+Fold(arg), cands, 3)
}

// nearestCards suggests the deck's cards of one kind closest to token:
// only colours that have planes (the USA's white, Alaska's and Hawaii's,
// has none), only seas that have ships.
func (ix *TokenIndex) nearestCards(kind CardKind, token string) []string {
	var cands []string
	for _, c := range ix.pack.Deck.Cards {
		if c.Kind == kind && c.Count > 0 {
			cands = append(cands, CardToken(c))
		}
	}
	return nearest(token, cands, 3)
}

// Nearest gives up to n known tokens closest to token by edit distance.
func (ix *TokenIndex) Nearest(token string, n int) []string {
	return nearest(token, ix.known, n)
}

func nearest(token string, cands []string, n int) []string {
	type scored struct {
		s string
		d int
	}
	t := strings.ToLower(token)
	seen := map[string]bool{}
	var all []scored
	for _, c := range cands {
		if seen[c] || c == "" {
			continue
		}
		seen[c] = true
		all = append(all, scored{c, EditDistance(t, strings.ToLower(c))})
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].d != all[j].d {
			return all[i].d < all[j].d
		}
		return all[i].s < all[j].s
	})
	var out []string
	limit := max(2, len([]rune(t))/2+1)
	for _, s := range all {
		if len(out) == n || s.d > limit {
			break
		}
		out = append(out, s.s)
	}
	return out
}

// EditDistance is the Levenshtein distance between a and b, in runes: how
// suggestions ("did you mean ...?") pick the nearest known name.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// CardToken builds the canonical token of a card.
func CardToken(c Card) string {
	switch c.Kind {
	case RegionCard:
		return c.Region
	case PlaneCard:
		return "plane:" + c.Color
	case CarCard:
		return "car"
	case ShipCard:
		return "ship:" + c.Sea
	case TrainCard:
		if c.Rail == "" {
			return "train"
		}
		return "train:" + c.Rail
	}
	return string(c.Kind)
}

// mapToken is how a token names region id on its map: MAP:name.
func mapToken(p *Pack, id, name string) string {
	if r := p.Region(id); r != nil && r.Map != "" {
		return r.Map + ":" + name
	}
	return name
}
