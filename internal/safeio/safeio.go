// Package safeio is the one place tendays opens files to read them. Every
// read is bounded while reading (never by a size checked before), refuses
// anything but a regular file (a FIFO, a device or a folder) before it can
// block or stream forever, and a file an edition names is confined to the
// edition's folder: symbolic links are followed only while they stay inside
// it, sub-folders included.
//
// Errors name no file: callers put the name (and the place that named it)
// first, as the rest of tendays does.
package safeio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Stdin is the name that means standard input on a command line.
const Stdin = "-"

// StdinName is how messages name standard input.
const StdinName = "<stdin>"

// ErrTooBig is wrapped by the error for a file over its limit.
var ErrTooBig = errors.New("over the limit")

// ErrNotRegular is wrapped by the error for a folder, FIFO, device or socket.
var ErrNotRegular = errors.New("not a regular file")

// ErrOutside is wrapped by the error for a name that leads outside its folder.
var ErrOutside = errors.New("outside the folder")

// limitError says a file is over max bytes; size is what a Stat said, or -1
// when the file grew (or did not say) and only the read found out.
func limitError(size, max int64) error {
	if size > max {
		return fmt.Errorf("file is %d bytes, %w of %d (raise it with --max-input)", size, ErrTooBig, max)
	}
	return fmt.Errorf("file is %w of %d bytes (raise it with --max-input)", ErrTooBig, max)
}

// checkRegular refuses a folder, FIFO, device, socket or anything else that
// is not a plain file, saying which it is.
func checkRegular(fi fs.FileInfo) error {
	m := fi.Mode()
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return fmt.Errorf("is a folder, not a file (%w)", ErrNotRegular)
	case m&fs.ModeNamedPipe != 0:
		return fmt.Errorf("is a FIFO (named pipe), %w (give - to read standard input)", ErrNotRegular)
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return fmt.Errorf("is a device, %w", ErrNotRegular)
	case m&fs.ModeSocket != 0:
		return fmt.Errorf("is a socket, %w", ErrNotRegular)
	}
	return fmt.Errorf("is %w (mode %s)", ErrNotRegular, m.Type())
}

// Read reads r to its end, at most max bytes; sizeHint (0 or negative when
// unknown) sizes the buffer so that a large file is read in one go instead
// of by doubling. More than max bytes is an error, found while reading.
func Read(r io.Reader, max, sizeHint int64) ([]byte, error) {
	if max <= 0 {
		return nil, fmt.Errorf("read limit %d: want a positive number of bytes", max)
	}
	capacity := int64(512)
	if sizeHint > 0 {
		capacity = min(sizeHint, max) + 1
	}
	buf := make([]byte, 0, capacity)
	lr := io.LimitReader(r, max+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > max {
			size := int64(-1)
			if sizeHint > max {
				size = sizeHint
			}
			return nil, limitError(size, max)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, unwrapPath(err)
		}
	}
}

// ReadFile reads a file named on the command line: a regular file (symbolic
// links followed, wherever they lead: the user named it), at most max bytes.
// The file is opened without blocking and checked to be regular before a
// byte is read, so a FIFO or /dev/zero is refused, not read forever.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readOpen(f, max)
}

// Open opens a file named on the command line, checked to be a regular file
// before and after it is opened (without blocking). ReadFile reads it whole;
// a batch of journeys streams it, bounding each line.
func Open(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err != nil {
		return nil, unwrapPath(err)
	} else if err := checkRegular(fi); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|nonblock, 0)
	if err != nil {
		return nil, unwrapPath(err)
	}
	// What was opened, not what the Stat saw: a file swapped in between
	// is still refused.
	fi, err := f.Stat()
	if err == nil {
		err = checkRegular(fi)
	}
	if err != nil {
		f.Close()
		return nil, unwrapPath(err)
	}
	return f, nil
}

// readOpen checks an open file is regular (what was opened, not what a
// Stat saw before) and reads it within max bytes.
func readOpen(f fs.File, max int64) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, unwrapPath(err)
	}
	if err := checkRegular(fi); err != nil {
		return nil, err
	}
	if fi.Size() > max {
		return nil, limitError(fi.Size(), max)
	}
	return Read(f, max, fi.Size())
}

// ReadInput reads a top-level input: "-" is in (standard input), anything
// else a file as ReadFile reads it. It returns the name messages use for
// the input ("<stdin>" for standard input).
func ReadInput(path string, in io.Reader, max int64) ([]byte, string, error) {
	if path == Stdin {
		if in == nil {
			return nil, StdinName, errors.New("no standard input")
		}
		data, err := Read(in, max, 0)
		return data, StdinName, err
	}
	data, err := ReadFile(path, max)
	return data, path, err
}

// unwrapPath drops a *PathError's copy of the path, which the caller puts
// first.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
