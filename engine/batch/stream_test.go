package batch

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// journeyLines makes a batch of n lines on demand, cycling through a few
// journeys of the mini pack, so that the test holds no batch in memory.
type journeyLines struct {
	n, made int
	pending []byte
}

var sampleJourneys = []string{
	"MID,car,NOR,plane:red,ISL\n",
	"Midshire,Eastmark,ship:gulf,Isle of Gulls,Norland\n",
	"WES,MID,EAS,ship:gulf,ISL\n",
	"SOU,car,EAS,MID,NOR\n",
}

func (j *journeyLines) Read(p []byte) (int, error) {
	if len(j.pending) == 0 {
		if j.made == j.n {
			return 0, io.EOF
		}
		j.pending = []byte(sampleJourneys[j.made%len(sampleJourneys)])
		j.made++
	}
	n := copy(p, j.pending)
	j.pending = j.pending[n:]
	return n, nil
}

// heapWatcher counts output lines and samples the heap every so often.
type heapWatcher struct {
	lines, every int
	maxHeap      uint64
}

func (w *heapWatcher) Write(p []byte) (int, error) {
	w.lines += bytes.Count(p, []byte("\n"))
	if w.lines%w.every == 0 {
		// Collect first, so that what is measured is what the batch holds,
		// not garbage the collector has not reached yet.
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		w.maxHeap = max(w.maxHeap, m.HeapInuse)
	}
	return len(p), nil
}

// TestBatchStreamsManyJourneys checks a quarter of a million journeys through
// Check and watches the heap: it stays flat, because the batch is read and
// answered a line at a time.
func TestBatchStreamsManyJourneys(t *testing.T) {
	if testing.Short() {
		t.Skip("a million journeys")
	}
	b := miniBoard(t)

	const n = 250_000
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	out := &heapWatcher{every: 25_000}
	counts, err := Check(context.Background(), b, &journeyLines{n: n}, out, Options{Days: b.Days(), Name: "standard input"})
	require.NoError(t, err)
	assert.Equal(t, n, counts.Journeys)
	assert.Zero(t, counts.Bad)
	assert.Equal(t, n, out.lines)
	grew := int64(out.maxHeap) - int64(before.HeapInuse)
	t.Logf("%d journeys: heap in use %.1f MB before, at most %.1f MB during (%+.1f MB)",
		n, float64(before.HeapInuse)/(1<<20), float64(out.maxHeap)/(1<<20), float64(grew)/(1<<20))
	// A batch held in memory would be 8 MB of text and far more as
	// strings; streaming holds a line.
	assert.Less(t, grew, int64(2<<20), "the heap grew with the batch")
}
