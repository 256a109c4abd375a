package batch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/internal/fuzzcheck"
	"github.com/tendays/tendays/mapdata"
)

// compiled reads a pack file and compiles it.
func compiled(t testing.TB, path string) *engine.Board {
	t.Helper()
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	doc, err := mapdata.DecodePack(path, src)
	require.NoError(t, err)
	b, err := engine.Compile(doc.Pack)
	require.NoError(t, err)
	return b
}

// miniBoard is the mini pack of the repository's testdata: five regions, a
// car, a plane colour and a sea; journeys of 5 days.
func miniBoard(t testing.TB) *engine.Board { return compiled(t, "../../testdata/packs/mini.pack.json") }

// usaBoard is the engine's USA test pack.
func usaBoard(t testing.TB) *engine.Board { return compiled(t, "../testdata/usa.pack.json") }

func TestCheckAnswersEveryJourneyLine(t *testing.T) {
	b := usaBoard(t)
	in := "Oregon, car, Arizona\nME,car,NH\n\n# a comment\nOR,kar,AZ\nOR,CA\n"
	var out bytes.Buffer
	var bad []*LineError
	counts, err := Check(context.Background(), b, strings.NewReader(in), &out,
		Options{Days: 3, Name: "journeys.txt", LengthHint: "set another length with --days", BadLine: func(e *LineError) { bad = append(bad, e) }})
	require.NoError(t, err)
	assert.Equal(t, Counts{Journeys: 4, Bad: 2, Invalid: 1}, counts)
	assert.Equal(t, `{"line":1,"valid":true,"reason":"a valid 3-day journey"}
{"line":2,"valid":false,"reason":"days 1–3: Maine → car → New Hampshire: no third state borders both"}
{"line":5,"valid":false,"reason":"card 2: unknown card \"kar\" (did you mean \"AR\", \"car\", \"AK\"?)","error":true}
{"line":6,"valid":false,"reason":"the journey has 2 cards; a journey of this game has 3 days (set another length with --days)","error":true}
`, out.String())
	require.Len(t, bad, 2)
	assert.Equal(t, 5, bad[0].Line)
	var te *engine.TokenError
	assert.ErrorAs(t, bad[0], &te, "the cause is kept")
	assert.Equal(t, 6, bad[1].Line)
	var le *engine.LengthError
	assert.ErrorAs(t, bad[1], &le)
}

// A line that cannot be checked is handed over after the answers to the
// lines before it are written, even though answers are buffered.
func TestBadLineComesAfterTheAnswersBeforeIt(t *testing.T) {
	b := usaBoard(t)
	var both bytes.Buffer
	_, err := Check(context.Background(), b, strings.NewReader("OR,car,AZ\nOR,xar,AZ\nME,car,NH\n"), &both,
		Options{Days: 3, BadLine: func(e *LineError) { both.WriteString("bad " + e.Error() + "\n") }})
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(both.String()), "\n")
	require.Len(t, lines, 4, both.String())
	assert.Contains(t, lines[0], `"line":1,"valid":true`)
	assert.True(t, strings.HasPrefix(lines[1], `bad line 2: card 2: unknown card "xar"`), lines[1])
	assert.Contains(t, lines[2], `"line":2,"valid":false,"reason":"card 2:`)
	assert.Contains(t, lines[3], `"line":3,"valid":false`)
}

// writeCounter counts the Write calls that reach it: each is a write(2)
// when it is a file or a pipe.
type writeCounter struct {
	writes int
	buf    bytes.Buffer
}

func (w *writeCounter) Write(p []byte) (int, error) {
	w.writes++
	return w.buf.Write(p)
}

// A batch of 20,000 journeys in hand is answered in blocks, a write per
// 64 KiB of answers or of input, not a write per line (20,005 before).
func TestCheckWritesInBlocks(t *testing.T) {
	b := usaBoard(t)
	input := strings.Repeat("OR,car,AZ\nME,car,NH\n", 10_000)
	out := &writeCounter{}
	counts, err := Check(context.Background(), b, strings.NewReader(input), out, Options{Days: 3})
	require.NoError(t, err)
	assert.Equal(t, Counts{Journeys: 20_000, Invalid: 10_000}, counts)
	assert.Equal(t, 20_000, strings.Count(out.buf.String(), "\n"))
	most := out.buf.Len()/(64<<10) + len(input)/(64<<10) + 2
	assert.LessOrEqual(t, out.writes, most)
}

// Line breaks read as bufio.ScanLines reads them: LF or CR LF, a last line
// without one; a byte order mark starting the input is no card; a line
// over MaxLine stops the batch, named by its number.
func TestCheckLineBreaks(t *testing.T) {
	b := usaBoard(t)
	var out bytes.Buffer
	counts, err := Check(context.Background(), b, strings.NewReader("\ufeffOR,car,AZ\r\n\r\nME,car,NH"), &out, Options{Days: 3})
	require.NoError(t, err)
	assert.Equal(t, Counts{Journeys: 2, Invalid: 1}, counts)
	answers := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, answers, 2, out.String())
	assert.Equal(t, `{"line":1,"valid":true,"reason":"a valid 3-day journey"}`, answers[0])
	assert.True(t, strings.HasPrefix(answers[1], `{"line":3,"valid":false,`), answers[1])

	out.Reset()
	long := "OR,car,AZ\n" + strings.Repeat("x", MaxLine+1) + "\n"
	_, err = Check(context.Background(), b, strings.NewReader(long), &out, Options{Days: 3, Name: "standard input"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "standard input:2: line is longer than 4 MiB")
	assert.Contains(t, out.String(), `"line":1,"valid":true`, "the answers before it are written")
}

func TestReadLine(t *testing.T) {
	r := bufio.NewReaderSize(strings.NewReader("ab\r\n\ncd\r\nlast"), 16)
	var buf []byte
	var got []string
	for {
		line, err := readLine(r, &buf, 10)
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		got = append(got, line)
	}
	assert.Equal(t, []string{"ab", "", "cd", "last"}, got)

	// Longer than the reader's buffer is fine up to max; past it, too long.
	r = bufio.NewReaderSize(strings.NewReader(strings.Repeat("y", 40)+"\n"+strings.Repeat("z", 41)+"\n"), 16)
	line, err := readLine(r, &buf, 40)
	require.NoError(t, err)
	assert.Len(t, line, 40)
	_, err = readLine(r, &buf, 40)
	assert.ErrorIs(t, err, bufio.ErrTooLong)
}

func TestSplitCards(t *testing.T) {
	for line, want := range map[string][]string{
		"OR,car,AZ":             {"OR", "car", "AZ"},
		" OR , car ,AZ ":        {"OR", "car", "AZ"},
		"OR car\tAZ":            {"OR", "car", "AZ"},
		`"New York", car, Ohio`: {"New York", "car", "Ohio"},
		`"New York" car Ohio`:   {"New York", "car", "Ohio"},
		`'New York' car "Ohio"`: {"New York", "car", "Ohio"},
		`"a,b" c`:               {"a,b", "c"}, // a comma in quotes separates nothing
		"OR,,AZ":                {"OR", "", "AZ"},
		`OR "" AZ`:              {"OR", "", "AZ"},
		"OR,car,":               {"OR", "car"},
		",":                     {""},
		"IS\xff":                {"IS\xff"},
	} {
		got, err := SplitCards(line)
		require.NoError(t, err, line)
		assert.Equal(t, want, got, "%q", line)
	}
	_, err := SplitCards(`"New York, car`)
	assert.EqualError(t, err, `unclosed " quote`)
}

func TestCheckStopsWhenCancelled(t *testing.T) {
	b := usaBoard(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	_, err := Check(ctx, b, strings.NewReader("OR,car,AZ\n"), &out, Options{Days: 3})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, out.String())
}

// FuzzBatch feeds any text to Check on the mini pack: one JSON object comes
// out for every line that goes in, numbered in order; a line that cannot be
// checked is flagged and handed over by its number; the counts add up;
// nothing panics.
func FuzzBatch(f *testing.F) {
	b := miniBoard(f)
	for _, s := range []string{
		"MID,car,NOR,plane:red,ISL\n",
		"\xef\xbb\xbfMID, car ,NOR,plane:red,ISL\r\nMID\n\nMIDSHIR,car\n",
		"Midshire,Eastmark,ship:gulf,Isle of Gulls,Norland",
		"\n\n\n",
		",,,,",
		"MID,car,NOR,plane:red,IS\xff\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, batch []byte) {
		var stdout bytes.Buffer
		handed := map[int]bool{}
		var counts Counts
		var runErr error
		fuzzcheck.Within(t, func() {
			counts, runErr = Check(context.Background(), b, bytes.NewReader(batch), &stdout,
				Options{Days: b.Days(), BadLine: func(e *LineError) { handed[e.Line] = true }})
		})
		if runErr != nil {
			t.Fatalf("a batch in memory, short lines: %v", runErr)
		}

		// Every line but blank ones and # comments gets one object, in order.
		var lines []int
		for i, l := range strings.Split(strings.TrimSuffix(string(batch), "\n"), "\n") {
			if i == 0 {
				l = strings.TrimPrefix(l, "\ufeff")
			}
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				lines = append(lines, i+1)
			}
		}
		out := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if stdout.Len() == 0 {
			out = nil
		}
		if len(out) != len(lines) || counts.Journeys != len(lines) {
			t.Fatalf("%d journey lines in, %d objects out, %d counted", len(lines), len(out), counts.Journeys)
		}
		flagged, invalid := 0, 0
		for i, o := range out {
			var res Line
			if err := json.Unmarshal([]byte(o), &res); err != nil {
				t.Fatalf("object %d is no JSON: %v: %s", i+1, err, o)
			}
			if res.Line != lines[i] || res.Reason == "" || (res.Error && res.Valid) {
				t.Fatalf("object %d (line %d): %+v", i+1, lines[i], res)
			}
			if !res.Error && !res.Valid {
				invalid++
			}
			if res.Error {
				flagged++
				if !handed[res.Line] {
					t.Fatalf("line %d is flagged but not handed to BadLine", res.Line)
				}
			}
		}
		if flagged != counts.Bad || invalid != counts.Invalid || len(handed) != flagged {
			t.Fatalf("%d flagged and %d invalid out, %+v counted, %d handed over", flagged, invalid, counts, len(handed))
		}
	})
}
