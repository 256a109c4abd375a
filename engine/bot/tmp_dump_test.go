package bot

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/mapdata"
)

func atw(t testing.TB) *engine.Board {
	src, _ := os.ReadFile("../testdata/around-the-world.pack.json")
	doc, err := mapdata.DecodePack("x", src)
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.Compile(doc.Pack)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTmpDump(t *testing.T) {
	b := atw(t)
	for seed := uint64(1); seed <= 3; seed++ {
		g, _ := game.New(b, game.Config{Players: 3}, rand.New(rand.NewPCG(seed, 0)))
		ps := make([]game.Player, 3)
		for s := range ps {
			ps[s], _ = New(os.Getenv("BOT"), rand.New(rand.NewPCG(seed, uint64(s)+1)))
		}
		r, err := game.Play(g, ps, 1000)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("seed %d winner %d turns %d", seed, r.Winner, r.Turns)
		for s := range 3 {
			h := g.Holder(s)
			names := make([]string, len(h))
			for i, c := range h {
				r := b.RegionOf(c)
				m := ""
				if r >= 0 {
					m = b.Map(b.MapOf(r)).ID[:2] + ":"
				}
				names[i] = m + b.Name(c)
			}
			t.Logf("  seat %d progress %d: %s\n     %s", s, b.Progress(h), strings.Join(names, " | "), b.Check(h).Reason())
		}
	}
}
