package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/editions"
	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/mapdata"
)

const usaPack = "../../engine/testdata/usa.pack.json"

// TestBatchStreams checks that each line's answer is written before the
// next line is read, so a batch can be fed and read interactively.
func TestBatchStreams(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	opts := &journeyCheckOptions{IO: &IOStreams{In: inR, Out: outW, ErrOut: io.Discard}, Global: &globalOptions{},
		Pack: usaPack, Batch: "-", Format: "text", Days: 3}
	done := make(chan error, 1)
	go func() {
		done <- runJourneyCheck(context.Background(), opts)
		outW.Close()
	}()
	lines := bufio.NewReader(outR)
	readLine := func() string {
		got := make(chan string, 1)
		go func() {
			s, _ := lines.ReadString('\n')
			got <- s
		}()
		select {
		case s := <-got:
			return s
		case <-time.After(10 * time.Second):
			t.Fatal("no answer for a line already written")
			return ""
		}
	}
	_, err := io.WriteString(inW, "OR,car,AZ\n")
	require.NoError(t, err)
	assert.Equal(t, `{"line":1,"valid":true,"reason":"a valid 3-day journey"}`+"\n", readLine())
	_, err = io.WriteString(inW, "ME,car,NH\n")
	require.NoError(t, err)
	assert.Contains(t, readLine(), `"line":2,"valid":false`)
	require.NoError(t, inW.Close())
	assert.ErrorIs(t, <-done, errNo, "a journey was not valid")
}

func TestJourneyCheckExitCodes(t *testing.T) {
	tests := []struct {
		cards []string
		days  int
		code  int
	}{
		{[]string{"OR", "car", "AZ"}, 3, exitOK},
		{[]string{"ME", "car", "NH"}, 3, exitNo},
		{[]string{"ME", "car", "NH"}, 0, exitUsage},
		{[]string{"ME", "xar", "NH"}, 3, exitUsage},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		io := &IOStreams{In: &bytes.Buffer{}, Out: &out, ErrOut: &errOut}
		err := runJourneyCheck(context.Background(), &journeyCheckOptions{IO: io, Global: &globalOptions{}, Pack: usaPack,
			Cards: tc.cards, Format: "text", Days: tc.days})
		assert.Equal(t, tc.code, exitCode(err, io), "%v: %s%s", tc.cards, out.String(), errOut.String())
	}
}

// board builds a bundled edition's pack the way the commands do.
func bundledBoard(t testing.TB, name string) *engine.Board {
	t.Helper()
	b, err := loadBoard(context.Background(), name, &IOStreams{Out: io.Discard, ErrOut: io.Discard}, &globalOptions{MaxInput: mapdata.DefaultMaxInput})
	require.NoError(t, err)
	return b
}

// TestRulebookExamples checks the rulebooks' own journeys on the bundled
// editions.
func TestRulebookExamples(t *testing.T) {
	tests := []struct {
		edition string
		days    int
		cards   []string
		valid   bool
		reason  string
	}{
		{"usa", 10, []string{"Oregon", "car", "Arizona", "plane:tan", "Ohio", "West Virginia", "Pennsylvania", "plane:light-blue", "Georgia", "Florida"}, true, ""},
		{"usa", 3, []string{"Maine", "car", "New Hampshire"}, false, "days 1–3: Maine → car → New Hampshire: no third state borders both"},
		{"usa", 3, []string{"New Hampshire", "car", "Maine"}, false, "days 1–3: New Hampshire → car → Maine: no third state borders both"},
		{"usa", 2, []string{"Arizona", "Colorado"}, false, "days 1–2: Arizona → Colorado: they share no border"},
		{"usa", 2, []string{"Utah", "New Mexico"}, false, "days 1–2: Utah → New Mexico: they share no border"},
		{"usa", 3, []string{"Ohio", "Michigan", "Wisconsin"}, true, ""},
		{"usa", 3, []string{"California", "car", "Oregon"}, true, ""},
		{"usa", 3, []string{"Arizona", "plane:tan", "Alaska"}, true, ""},
		{"usa", 3, []string{"New York", "plane:dark-blue", "Alaska"}, true, ""},
		{"usa", 3, []string{"Alaska", "plane:green", "Hawaii"}, true, ""},
		{"europe", 10, []string{"Spain", "France", "ship:atlantic", "Norway", "plane:blue", "Albania", "Greece", "ship:mediterranean", "Turkey", "Ukraine"}, true, ""},
		{"europe", 3, []string{"Norway", "plane:green", "Albania"}, false, "days 1–3: Norway → plane:green → Albania: Norway and Albania are both Blue, not Green"},
		{"europe", 3, []string{"Spain", "France", "Spain"}, true, ""},
		// Doubles may both appear, never side by side.
		{"europe", 2, []string{"Spain", "Spain"}, false, ""},
		// The Black Sea is no sea of the game: no ship links its shores.
		{"europe", 3, []string{"Ukraine", "ship:mediterranean", "Turkey"}, false, ""},
		{"europe", 3, []string{"Romania", "ship:atlantic", "Bulgaria"}, false, ""},
		{"europe", 3, []string{"Bulgaria", "ship:mediterranean", "Greece"}, false, ""},
		// Bosnia and Herzegovina's port puts it on the Mediterranean.
		{"europe", 3, []string{"Bosnia and Herzegovina", "ship:mediterranean", "Turkey"}, true, ""},
		// Germany, Denmark, Sweden and Russia are on both the Baltic and the Atlantic.
		{"europe", 3, []string{"Germany", "ship:baltic", "Russia"}, true, ""},
		{"europe", 3, []string{"Sweden", "ship:atlantic", "Russia"}, true, ""},
		{"europe", 3, []string{"Denmark", "ship:baltic", "Finland"}, true, ""},
		// The bridge and the ferries walk.
		{"europe", 2, []string{"Sweden", "Denmark"}, true, ""},
		{"europe", 2, []string{"France", "England"}, true, ""},
		{"europe", 2, []string{"Ukraine", "Turkey"}, true, ""},
		{"europe", 2, []string{"Northern Ireland", "Scotland"}, true, ""},
		{"africa", 3, []string{"Ivory Coast", "car", "Niger"}, true, ""},
		{"africa", 3, []string{"Egypt", "car", "Sudan"}, true, ""},
		{"africa", 2, []string{"Madagascar", "Mozambique"}, true, ""},
	}
	boards := map[string]*engine.Board{}
	for _, tc := range tests {
		b := boards[tc.edition]
		if b == nil {
			b = bundledBoard(t, tc.edition)
			boards[tc.edition] = b
		}
		cards, err := parseJourney(b, tc.cards, tc.days)
		require.NoError(t, err)
		v := b.Check(cards)
		assert.Equal(t, tc.valid, v.Valid, "%s %v: %s", tc.edition, tc.cards, v.Reason())
		if tc.reason != "" {
			assert.Equal(t, tc.reason, v.Reason())
		}
	}
	// The Oregon–Arizona car goes via California or Nevada.
	cards, err := parseJourney(boards["usa"], []string{"Oregon", "car", "Arizona"}, 3)
	require.NoError(t, err)
	assert.Equal(t, "Oregon → car → Arizona: car via California or Nevada", boards["usa"].Check(cards).Steps()[0].Text)
}

// BenchmarkCheckUSA checks the rulebook journey on the bundled USA pack
// (goal: ≤ 200 ns, no allocations).
func BenchmarkCheckUSA(b *testing.B) {
	board := bundledBoard(b, "usa")
	cards, err := parseJourney(board, []string{"Oregon", "car", "Arizona", "plane:tan", "Ohio", "West Virginia", "Pennsylvania", "plane:light-blue", "Georgia", "Florida"}, 10)
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		if !board.Check(cards).Valid {
			b.Fatal("not valid")
		}
	}
}

// BenchmarkCount counts every bundled edition's journeys, overall and per
// region (goal: under 1 s each).
func BenchmarkCount(b *testing.B) {
	for _, name := range editions.Names() {
		board := bundledBoard(b, name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := board.Count(board.Days()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
