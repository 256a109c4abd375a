package engine

// StepReport is one step of a journey as scripts read it; days are 1-based.
// A step at an open end (a journey that starts or ends on a transport)
// runs from or to the transport's own day.
type StepReport struct {
	From   int    `json:"from"`
	Via    int    `json:"via,omitempty"`
	Via2   int    `json:"via2,omitempty"` // the second of two ships on seas that connect
	To     int    `json:"to"`
	Linked bool   `json:"linked"`
	How    string `json:"how"`
	Why    string `json:"why"`
	Text   string `json:"text"`
}

// VerdictReport is a checked journey in the shape `tendays journey check
// --format json` prints and the studio's POST /api/journey returns: one
// shape, so a script can read either.
type VerdictReport struct {
	Valid  bool         `json:"valid"`
	Reason string       `json:"reason"`
	Fault  string       `json:"fault,omitempty"`
	Day    int          `json:"day,omitempty"`
	Cards  []string     `json:"cards"`
	Steps  []StepReport `json:"steps"`
}

// Report turns the verdict on cards into its JSON shape.
func (b *Board) Report(cards []CardID, v Verdict) VerdictReport {
	out := VerdictReport{Valid: v.Valid, Reason: v.Reason(), Cards: []string{}, Steps: []StepReport{}}
	if !v.Valid {
		out.Fault, out.Day = v.Fault.String(), v.At+1
	}
	for _, c := range cards {
		out.Cards = append(out.Cards, b.Card(c).Token)
	}
	for _, s := range v.Steps() {
		from, to := s.Days() // an open end spans the transport's day
		sj := StepReport{From: from + 1, To: to + 1, Linked: s.Linked, How: s.How, Why: s.Why, Text: s.Text}
		if s.Via >= 0 {
			sj.Via = s.Via + 1
		}
		if s.Via2 >= 0 {
			sj.Via2 = s.Via2 + 1
		}
		out.Steps = append(out.Steps, sj)
	}
	return out
}
