package jsengine

import (
	"encoding/json"
	"testing"

	"github.com/tendays/tendays/internal/fuzzcheck"
)

// FuzzSeatState feeds the functions a seat's view reaches (Legal, Bot: a
// boardgame.io client may send any G) states that are not what a game
// wrote: whatever the state, an error or an answer, never a panic or a
// hang. The seeds are real views of a game at every phase, and their
// master states.
func FuzzSeatState(f *testing.F) {
	e := load(f, "usa.pack.json")
	st, err := e.Setup(GameOptions{Players: 2, Days: 4})
	if err != nil {
		f.Fatal(err)
	}
	if st, err = e.Deal(st, 3); err != nil {
		f.Fatal(err)
	}
	for step := 0; !st.Over() && step < 40; step++ {
		if step%3 == 0 {
			for _, v := range []*State{st, st.ViewOf(st.ToMove)} {
				data, _ := json.Marshal(v)
				f.Add(data, st.ToMove)
			}
		}
		m, err := e.Bot("greedy", st.ViewOf(st.ToMove), st.ToMove)
		if err != nil {
			f.Fatal(err)
		}
		if st, err = e.Apply(st, st.ToMove, *m); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, seat int) {
		var st State
		if json.Unmarshal(data, &st) != nil {
			return
		}
		fuzzcheck.Within(t, func() {
			_, _ = e.Legal(&st, seat)
			_, _ = e.Bot("random", &st, seat)
			_, _ = e.position(&st, seat)
		})
	})
}
