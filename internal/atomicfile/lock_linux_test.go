package atomicfile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The table of locks and a descriptor's fdinfo name the holder of a flock;
// a waiter ("->"), a POSIX lock and another file's lock do not.
func TestFlockHolder(t *testing.T) {
	table := "1: POSIX  ADVISORY  WRITE 11 08:01:77 0 EOF\n" +
		"2: FLOCK  ADVISORY  WRITE 22 08:01:78 0 EOF\n" +
		"3: FLOCK  ADVISORY  WRITE 4242 08:01:77 0 EOF\n" +
		"3: -> FLOCK  ADVISORY  WRITE 33 08:01:77 0 EOF\n"
	assert.Equal(t, 4242, flockHolder(strings.NewReader(table), "08:01:77"))
	assert.Equal(t, 0, flockHolder(strings.NewReader(table), "08:01:79"))
	fdinfo := "pos:\t0\nflags:\t0100000\nmnt_id:\t30\nino:\t77\nlock:\t1: FLOCK  ADVISORY  WRITE 99 08:01:77 0 EOF\n"
	assert.Equal(t, 99, flockHolder(strings.NewReader(fdinfo), "08:01:77"))
}
