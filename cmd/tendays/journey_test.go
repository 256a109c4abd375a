package main

import (
	"bufio"
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
		done <- runJourneyCheck(opts)
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
	assert.NoError(t, <-done)
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
		err := runJourneyCheck(&journeyCheckOptions{IO: io, Global: &globalOptions{}, Pack: usaPack,
			Cards: tc.cards, Format: "text", Days: tc.days})
		assert.Equal(t, tc.code, exitCode(err, io), "%v: %s%s", tc.cards, out.String(), errOut.String())
	}
}
