// Package batch checks journeys one a line, as `tendays journey check
// --batch` does: it reads lines of card tokens from a reader (commas or
// spaces between cards, quotes around a name with spaces), checks each on a
// compiled board, and writes one JSON object a line as it goes.
//
// It holds no rules (those are engine's) and prints nothing of its own: the
// answers go to the writer it is given, and a line that cannot be checked
// is handed to the caller as a *LineError, which the caller tells the user
// about. Exit codes are the caller's too: Check returns the counts.
package batch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/engine"
)

// MaxLine bounds a line of a batch: a journey is a few dozen cards.
const MaxLine = 4 << 20

// Line is the answer to one journey line, written as one JSON object.
type Line struct {
	Line   int    `json:"line"`
	Valid  bool   `json:"valid"`
	Reason string `json:"reason"`
	// Error marks a line that could not be checked (an unknown card, a
	// wrong length): Reason says why.
	Error bool `json:"error,omitempty"`
}

// LineError is a line that could not be checked: its number (1-based, as
// the input's) and why.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// Options are a batch's settings.
type Options struct {
	// Days is the journeys' length.
	Days int
	// Name is how an error reading the input names it ("standard input",
	// a file's path).
	Name string
	// LengthHint, when set, is added in parentheses to the reason of a
	// journey of the wrong length (journey check: how to set another).
	LengthHint string
	// BadLine is told of each line that cannot be checked, once the
	// answers to the lines before it are written to the output, so that a
	// reader of both streams sees them in order. Nil: they are counted
	// only.
	BadLine func(*LineError)
}

// Counts are what a batch found.
type Counts struct {
	// Journeys is the number of journey lines (blank lines and # comments
	// are not journeys).
	Journeys int
	// Bad counts the lines that could not be checked, Invalid the journeys
	// checked and found not valid.
	Bad, Invalid int
}

// Check reads in a line at a time and writes to out one Line a journey
// line, in order. Blank lines and lines starting with # are skipped; a byte
// order mark starting the input is dropped. A line that cannot be checked
// is answered with Error set, counted in Bad and given to opts.BadLine; the
// batch goes on. Reading the input or writing the answers failing, a line
// over MaxLine, or ctx ending stops it with an error (the answers before it
// written).
//
// Answers are buffered and written when the input in hand is used up: a
// file or a pipe full of journeys costs a write per 64 KiB, not per line,
// and a person (or a program) feeding lines one at a time still reads each
// answer before writing the next line.
func Check(ctx context.Context, b *engine.Board, in io.Reader, out io.Writer, opts Options) (Counts, error) {
	lines := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(out, 64<<10)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	var counts Counts
	n := 0
	var buf []byte
	for {
		if err := ctx.Err(); err != nil {
			_ = w.Flush()
			return counts, err
		}
		text, err := readLine(lines, &buf, MaxLine)
		if errors.Is(err, io.EOF) {
			break
		}
		if errors.Is(err, bufio.ErrTooLong) {
			_ = w.Flush()
			return counts, diag.Errorf(diag.Position{File: opts.Name, Line: n + 1}, "line is longer than %d MiB (a journey is a few dozen cards)", MaxLine>>20)
		}
		if err != nil {
			_ = w.Flush()
			return counts, &diag.InputError{Position: diag.Position{File: opts.Name, Line: n + 1}, Err: err}
		}
		n++
		if n == 1 {
			// Spreadsheets save text with a byte order mark; it is no card.
			text = strings.TrimPrefix(text, "\ufeff")
		}
		line := strings.TrimSpace(text)
		if line == "" || strings.HasPrefix(line, "#") {
			continue // a blank line or a comment is no journey
		}
		counts.Journeys++
		res := Line{Line: n}
		cards, err := parseLine(b, line, opts)
		if err != nil {
			counts.Bad++
			res.Reason, res.Error = err.Error(), true
			if err := w.Flush(); err != nil { // the answers before it first
				return counts, err
			}
			if opts.BadLine != nil {
				opts.BadLine(&LineError{Line: n, Err: err})
			}
		} else {
			v := b.Check(cards)
			res.Valid, res.Reason = v.Valid, v.Reason()
			if !v.Valid {
				counts.Invalid++
			}
		}
		if err := enc.Encode(res); err != nil {
			return counts, err
		}
		if lines.Buffered() == 0 { // the next read may wait for more input
			if err := w.Flush(); err != nil {
				return counts, err
			}
		}
	}
	return counts, w.Flush()
}

// parseLine reads a line's journey: its tokens, each naming a card, as
// many as the days.
func parseLine(b *engine.Board, line string, opts Options) ([]engine.CardID, error) {
	tokens, err := SplitCards(line)
	if err != nil {
		return nil, err
	}
	cards, err := b.ParseJourneyDays(tokens, opts.Days)
	var le *engine.LengthError
	if opts.LengthHint != "" && errors.As(err, &le) {
		return nil, fmt.Errorf("%w (%s)", err, opts.LengthHint)
	}
	return cards, err
}

// readLine reads one line of at most max bytes, without its line break (LF,
// or CR LF), as bufio.ScanLines does; buf is reused between calls. A last
// line without a break is a line; after it, io.EOF.
func readLine(r *bufio.Reader, buf *[]byte, max int) (string, error) {
	*buf = (*buf)[:0]
	for {
		chunk, err := r.ReadSlice('\n')
		if len(*buf)+len(chunk) > max+1 { // +1: the line break
			return "", bufio.ErrTooLong
		}
		*buf = append(*buf, chunk...)
		switch {
		case err == nil:
			line := (*buf)[:len(*buf)-1]
			return string(bytes.TrimSuffix(line, []byte("\r"))), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(*buf) > 0:
			return string(bytes.TrimSuffix(*buf, []byte("\r"))), nil
		}
		return "", err
	}
}

// SplitCards splits a batch line into card tokens: separated by commas
// when the line has a comma outside quotes, else by spaces as a shell
// would, so that a line pasted from the single form reads the same. A card
// in double or single quotes ("New York") is the text inside them.
func SplitCards(line string) ([]string, error) {
	sep := func(r byte) bool { return r == ' ' || r == '\t' }
	if hasUnquotedComma(line) {
		sep = func(r byte) bool { return r == ',' }
	}
	var tokens []string
	var cur strings.Builder
	var quote byte
	quoted := false // the token had quotes, so it counts even when empty
	flush := func(force bool) {
		tok := strings.TrimSpace(cur.String())
		if tok != "" || quoted || force {
			tokens = append(tokens, tok)
		}
		cur.Reset()
		quoted = false
	}
	// Bytes, not runes: quotes and separators are ASCII, and a card with
	// bytes that are not UTF-8 is quoted back as it was given.
	for i := 0; i < len(line); i++ {
		r := line[i]
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(r)
		case r == '"' || r == '\'':
			quote, quoted = r, true
		case sep(r):
			flush(r == ',')
		default:
			cur.WriteByte(r)
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed %c quote", quote)
	}
	flush(false)
	return tokens, nil
}

func hasUnquotedComma(line string) bool {
	var quote byte
	for i := 0; i < len(line); i++ {
		r := line[i]
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
		case r == '"' || r == '\'':
			quote = r
		case r == ',':
			return true
		}
	}
	return false
}
