package conformance

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/jsengine"
	"github.com/tendays/tendays/mapdata"
)

func pack(t *testing.T, file string) *mapdata.Pack {
	t.Helper()
	src, err := os.ReadFile("../../engine/testdata/" + file)
	require.NoError(t, err)
	doc, err := mapdata.DecodePack(file, src)
	require.NoError(t, err)
	return doc.Pack
}

// TestSuiteCoversTheRulesOptions: on a pack whose rules let a journey
// start and end on a transport card and leave regions in no colour that
// planes reach by the other end's colour (10 Tage durch Deutschland's
// rules), the suite has both verdicts of each, and the engine in
// JavaScript's terms agrees with every line.
func TestSuiteCoversTheRulesOptions(t *testing.T) {
	t.Parallel()
	p := pack(t, "usa.pack.json")
	p.Rules.Journey = &mapdata.JourneyRules{StartOnTransport: true, EndOnTransport: true}
	p.Colors = append(p.Colors, mapdata.Color{ID: "none", Name: "No colour", Hex: "#cccccc"})
	p.Rules.Colorless = &mapdata.ColorlessRules{Color: "none", Planes: mapdata.ColorlessOtherEnd}
	p.Regions[0].Color, p.Regions[1].Color = "none", "none"
	data, err := Bytes(p)
	require.NoError(t, err)
	e, err := jsengine.New(p)
	require.NoError(t, err)
	valid := map[string]map[bool]int{}
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var c Case
		require.NoError(t, json.Unmarshal(line, &c))
		if c.Kind != "" {
			continue
		}
		v := e.Check(c.Cards, c.Days)
		require.Equal(t, c.Valid, v.Valid, "%v", c.Cards)
		require.Equal(t, c.Reason, v.Reason)
		if valid[c.Rule] == nil {
			valid[c.Rule] = map[bool]int{}
			t.Logf("%s: %v, %q", c.Rule, c.Cards, c.Reason)
		}
		valid[c.Rule][c.Valid]++
	}
	for rule, want := range map[string]bool{
		"journey/open-start": true, "journey/open-start/not-served": false,
		"journey/open-end": true, "journey/open-end/not-served": false,
		"transport/plane/colorless": true, "transport/plane/colorless/not-linked": false,
	} {
		assert.Positive(t, valid[rule][want], "%s: a case %v", rule, want)
		assert.Zero(t, valid[rule][!want], "%s: a case %v", rule, !want)
	}
}

// TestSuiteCovers checks that each pack's suite holds every fault its
// journeys can have, valid steps of every kind of link it has, positions
// with legal moves, and that every line reads back as what the engine
// says of it.
func TestSuiteCovers(t *testing.T) {
	for _, tc := range []struct {
		file   string
		faults []string
		rules  []string
	}{
		{"usa.pack.json", []string{"not-linked", "too-many-copies", "starts-with-transport", "ends-with-transport", "transports-side-by-side"},
			[]string{"link/border", "link/car", "transport/plane", "transport/plane/not-linked", "transport/car/not-linked", "journey/won", "turn/placing"}},
		{"europe-mini.pack.json", []string{"not-linked", "too-many-copies", "starts-with-transport", "ends-with-transport", "transports-side-by-side"},
			[]string{"link/border", "transport/ship", "transport/train", "journey/won"}},
		{"around-the-world.pack.json", []string{"not-linked", "missing-map", "starts-with-transport", "ends-with-transport", "transports-side-by-side"},
			[]string{"link/border", "transport/ship", "transport/train", "transport/plane", "journey/missing-map", "turn/filling"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			if testing.Short() && tc.file == "around-the-world.pack.json" {
				t.Skip("games of 20 days on four maps")
			}
			p := pack(t, tc.file)
			data, err := Bytes(p)
			require.NoError(t, err)
			again, err := Bytes(p)
			require.NoError(t, err)
			require.True(t, bytes.Equal(data, again), "the same pack gives the same bytes")
			e, err := jsengine.New(p)
			require.NoError(t, err)
			faults, rules := map[string]int{}, map[string]int{}
			errors := 0
			for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
				var c Case
				require.NoError(t, json.Unmarshal(line, &c))
				rules[c.Rule]++
				if c.Kind == "legal-moves" {
					legal, err := e.Legal(c.State, *c.Seat)
					require.NoError(t, err)
					assert.Equal(t, c.Moves, legal)
					assert.Nil(t, c.State.Secret, "a position is a seat's view")
					continue
				}
				v := e.Check(c.Cards, c.Days)
				require.Equal(t, c.Valid, v.Valid, "%v", c.Cards)
				require.Equal(t, c.Reason, v.Reason)
				faults[c.Fault]++
				if c.Error {
					errors++
				}
			}
			for _, f := range tc.faults {
				assert.Positive(t, faults[f], "fault %s", f)
			}
			for _, r := range tc.rules {
				assert.Positive(t, rules[r], "rule %s", r)
			}
			assert.Positive(t, faults[""], "valid journeys")
			assert.Positive(t, errors, "cards that cannot be checked")
		})
	}
}
