package mapdata

import "strings"

// CarThroughParameter is the provenance parameter in which a pack records
// the link kinds its cars drive through (an edition's
// transports.automobile.through), as "[border ferry]".
const CarThroughParameter = "automobile.through"

// CarThrough is the link kinds p's cars drive through, as its provenance
// records them. known is false when it records nothing (a pack written by
// hand, a combined pack): the kinds are then borders alone, the default.
func CarThrough(p *Pack) (kinds []LinkKind, known bool) {
	v, ok := p.Provenance.Parameters[CarThroughParameter]
	if !ok {
		return []LinkKind{Border}, false
	}
	for _, f := range strings.Fields(strings.Trim(v, "[]")) {
		kinds = append(kinds, LinkKind(f))
	}
	return kinds, true
}
