package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingWriter counts the Write calls that reach it: each is a write(2)
// when it is a file or a pipe.
type countingWriter struct {
	writes int
	buf    bytes.Buffer
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.buf.Write(p)
}

// A batch of 20,000 journeys is answered in blocks, a write per 64 KiB of
// answers or of input, not a write per line (20,005 before).
func TestBatchWritesInBlocks(t *testing.T) {
	input := strings.Repeat("OR,car,AZ\nME,car,NH\n", 10_000)
	file := filepath.Join(t.TempDir(), "journeys.txt")
	require.NoError(t, os.WriteFile(file, []byte(input), 0o644))
	for _, from := range []string{file, "-"} {
		out := &countingWriter{}
		opts := &journeyCheckOptions{IO: &IOStreams{In: strings.NewReader(input), Out: out, ErrOut: &bytes.Buffer{}},
			Global: &globalOptions{}, Pack: usaPack, Batch: from, Format: "text", Days: 3}
		assert.ErrorIs(t, runJourneyCheck(context.Background(), opts), errNo, "half the journeys are not valid")
		assert.Equal(t, 20_000, strings.Count(out.buf.String(), "\n"), "an answer a journey")
		assert.Contains(t, out.buf.String(), `{"line":20000,"valid":false,`)
		most := out.buf.Len()/(64<<10) + len(input)/(64<<10) + 2
		assert.LessOrEqual(t, out.writes, most, "%s: %d writes for %d bytes of answers", from, out.writes, out.buf.Len())
		t.Logf("%s: %d writes for 20,000 answers (%d bytes)", from, out.writes, out.buf.Len())
	}
}

// A line that cannot be checked is reported on stderr after the answers to
// the lines before it, even though answers are buffered.
func TestBatchKeepsOrderWithErrors(t *testing.T) {
	var both bytes.Buffer
	opts := &journeyCheckOptions{IO: &IOStreams{In: strings.NewReader("OR,car,AZ\nOR,xar,AZ\nME,car,NH\n"), Out: &both, ErrOut: &both},
		Global: &globalOptions{}, Pack: usaPack, Batch: "-", Format: "text", Days: 3}
	require.Error(t, runJourneyCheck(context.Background(), opts))
	lines := strings.Split(strings.TrimSpace(both.String()), "\n")
	require.Len(t, lines, 4, both.String())
	assert.Contains(t, lines[0], `"line":1,"valid":true`)
	assert.Contains(t, lines[1], "standard input:2: card 2")
	assert.Contains(t, lines[2], `"line":2,"valid":false`)
	assert.Contains(t, lines[3], `"line":3,"valid":false`)
}

// Line breaks read as bufio.ScanLines reads them: LF or CR LF, a last line
// without one, and a line over the limit refused by its number.
func TestBatchLineBreaks(t *testing.T) {
	var out, errb bytes.Buffer
	opts := &journeyCheckOptions{IO: &IOStreams{In: strings.NewReader("OR,car,AZ\r\n\r\nME,car,NH"), Out: &out, ErrOut: &errb},
		Global: &globalOptions{}, Pack: usaPack, Batch: "-", Format: "text", Days: 3}
	assert.ErrorIs(t, runJourneyCheck(context.Background(), opts), errNo)
	answers := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, answers, 2, out.String())
	assert.Equal(t, `{"line":1,"valid":true,"reason":"a valid 3-day journey"}`, answers[0], "CR LF is a line break")
	assert.True(t, strings.HasPrefix(answers[1], `{"line":3,"valid":false,`), "a last line with no break: %s", answers[1])
	assert.Empty(t, errb.String())

	long := "OR,car,AZ\n" + strings.Repeat("x", 5<<20) + "\n"
	out.Reset()
	opts.IO.In = strings.NewReader(long)
	err := runJourneyCheck(context.Background(), opts)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "standard input:2: line is longer than 4 MiB")
	assert.Contains(t, out.String(), `"line":1,"valid":true`, "the answers before it are written")
}
