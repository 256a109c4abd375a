package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tendays/tendays/engine"
	"github.com/tendays/tendays/internal/fuzzcheck"
	"github.com/tendays/tendays/mapdata"
)

// FuzzBatch feeds any text to `journey check --batch -` on the mini pack:
// one JSON object comes out for every line that goes in, numbered in order;
// a line that cannot be checked is flagged, named on stderr by its number,
// and makes the exit code 2; nothing panics.
func FuzzBatch(f *testing.F) {
	src, err := os.ReadFile("../../testdata/packs/mini.pack.json")
	if err != nil {
		f.Fatal(err)
	}
	doc, err := mapdata.DecodePack("mini.pack.json", src)
	if err != nil {
		f.Fatal(err)
	}
	b, err := engine.Compile(doc.Pack)
	if err != nil {
		f.Fatal(err)
	}
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
		var stdout, stderr bytes.Buffer
		opts := &journeyCheckOptions{IO: &IOStreams{In: bytes.NewReader(batch), Out: &stdout, ErrOut: &stderr}, Batch: "-"}
		var runErr error
		fuzzcheck.Within(t, func() { runErr = runBatch(opts, b, b.Days()) })

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
		if len(out) != len(lines) {
			t.Fatalf("%d journey lines in, %d objects out", len(lines), len(out))
		}
		flagged, invalid := 0, 0
		for i, o := range out {
			var res batchLine
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
				if !strings.Contains(stderr.String(), "standard input:"+strconv.Itoa(res.Line)+": ") {
					t.Fatalf("line %d is flagged but not named on stderr:\n%s", res.Line, stderr.String())
				}
			}
		}
		var silent *silentError
		switch {
		case flagged == 0 && invalid == 0 && runErr != nil:
			t.Fatalf("every journey valid, yet %v", runErr)
		case flagged == 0 && invalid > 0 && !errors.Is(runErr, errNo):
			t.Fatalf("%d journeys not valid, yet %v", invalid, runErr)
		case flagged > 0 && !(errors.As(runErr, &silent) && silent.code == exitUsage):
			t.Fatalf("%d lines flagged, yet %v", flagged, runErr)
		}
	})
}
