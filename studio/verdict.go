package studio

import "github.com/tendays/tendays/engine"

// Step is one step of a journey in JSON; days are 1-based.
type Step struct {
	From   int    `json:"from"`
	Via    int    `json:"via,omitempty"`
	To     int    `json:"to"`
	Linked bool   `json:"linked"`
	How    string `json:"how"`
	Why    string `json:"why"`
	Text   string `json:"text"`
}

// Verdict is a checked journey as `tendays journey check --format json`
// prints it and POST /api/journey returns it.
type Verdict struct {
	Valid  bool     `json:"valid"`
	Reason string   `json:"reason"`
	Fault  string   `json:"fault,omitempty"`
	Day    int      `json:"day,omitempty"`
	Cards  []string `json:"cards"`
	Steps  []Step   `json:"steps"`
}

// NewVerdict turns the engine's verdict on cards into its JSON shape.
func NewVerdict(b *engine.Board, cards []engine.CardID, v engine.Verdict) Verdict {
	out := Verdict{Valid: v.Valid, Reason: v.Reason(), Cards: []string{}, Steps: []Step{}}
	if !v.Valid {
		out.Fault, out.Day = v.Fault.String(), v.At+1
	}
	for _, c := range cards {
		out.Cards = append(out.Cards, b.Card(c).Token)
	}
	for _, s := range v.Steps() {
		sj := Step{From: s.From + 1, To: s.To + 1, Linked: s.Linked, How: s.How, Why: s.Why, Text: s.Text}
		if s.Via >= 0 {
			sj.Via = s.Via + 1
		}
		out.Steps = append(out.Steps, sj)
	}
	return out
}
