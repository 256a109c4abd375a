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
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

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
	// Reused from line to line: the line's bytes, its tokens, its cards,
	// the answer's bytes; and the reason of a valid journey, the same for
	// every journey of the batch's length.
	var buf, answer, reason []byte
	var tokens []string
	var cards []engine.CardID
	validReason := ""
	known := knownTokens{}
	for {
		if err := ctx.Err(); err != nil {
			_ = w.Flush()
			return counts, err
		}
		raw, err := readLineBytes(lines, &buf, MaxLine)
		// The line's text shares buf's bytes, which the next line
		// overwrites: whatever outlives the line (a known token, an error
		// handed to BadLine) is copied first.
		text := unsafe.String(unsafe.SliceData(raw), len(raw))
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
		tokens, err = appendCards(tokens[:0], line)
		if err == nil {
			cards, err = known.parse(b, cards[:0], tokens, opts)
		}
		if err != nil {
			// Again on a copy of the line: the error holds its tokens.
			line = strings.Clone(line)
			if tokens, err = appendCards(tokens[:0], line); err == nil {
				cards, err = known.parse(b, cards[:0], tokens, opts)
			}
		}
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
			res.Valid = v.Valid
			switch {
			case !v.Valid:
				counts.Invalid++
				// Written into a buffer of the batch's; the answer is
				// written from it before the next line.
				reason = v.AppendReason(reason[:0])
				res.Reason = unsafe.String(unsafe.SliceData(reason), len(reason))
			case validReason == "":
				validReason = v.Reason()
				res.Reason = validReason
			default:
				res.Reason = validReason
			}
		}
		if a, ok := appendAnswer(answer[:0], res); ok {
			answer = a
			if _, err := w.Write(answer); err != nil {
				return counts, err
			}
		} else if err := enc.Encode(res); err != nil {
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

// appendAnswer appends res as encoding/json writes it (HTML left
// unescaped), a line break after, when its reason needs no escaping: no
// quote, backslash or control byte, valid UTF-8 without U+2028 or U+2029.
// False: the caller encodes it with encoding/json. The answers are most of
// a batch's output, and reflection was most of their cost.
func appendAnswer(dst []byte, res Line) ([]byte, bool) {
	if !plainJSONString(res.Reason) {
		return dst, false
	}
	dst = append(dst, `{"line":`...)
	dst = strconv.AppendInt(dst, int64(res.Line), 10)
	dst = append(dst, `,"valid":`...)
	dst = strconv.AppendBool(dst, res.Valid)
	dst = append(dst, `,"reason":"`...)
	dst = append(dst, res.Reason...)
	dst = append(dst, '"')
	if res.Error {
		dst = append(dst, `,"error":true`...)
	}
	return append(dst, "}\n"...), true
}

// plainJSONString reports whether encoding/json writes s as it is between
// quotes (with SetEscapeHTML(false)).
func plainJSONString(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if c < 0x20 || c == '"' || c == '\\' {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			return false
		}
		i += size
	}
	return true
}

// knownTokens are the cards of the tokens a batch has resolved, as typed:
// a batch names the same few hundred cards in the same few spellings line
// after line, and one map lookup of the token as it stands is cheaper than
// folding and resolving it again. Bounded, so that a batch of made-up
// tokens costs no more memory than a few pages.
type knownTokens map[string]engine.CardID

// maxKnownTokens bounds knownTokens.
const maxKnownTokens = 1 << 12

// parse is parseLine, answering from the known tokens when it knows all
// of a journey's of the batch's length. Board.Lookup is a function of the
// token alone, so the answer is the one parseLine gives.
func (k knownTokens) parse(b *engine.Board, dst []engine.CardID, tokens []string, opts Options) ([]engine.CardID, error) {
	if len(tokens) == opts.Days {
		cards := dst
		for _, t := range tokens {
			c, ok := k[t]
			if !ok {
				break
			}
			cards = append(cards, c)
		}
		if len(cards) == len(dst)+len(tokens) {
			return cards, nil
		}
	}
	cards, err := parseLine(b, dst, tokens, opts)
	if err == nil && len(k) < maxKnownTokens {
		for i, t := range tokens {
			if _, ok := k[t]; !ok {
				k[strings.Clone(t)] = cards[len(dst)+i] // t is a piece of the line
			}
		}
	}
	return cards, err
}

// parseLine reads a line's journey from its tokens, each naming a card, as
// many as the days, appending the cards to dst.
func parseLine(b *engine.Board, dst []engine.CardID, tokens []string, opts Options) ([]engine.CardID, error) {
	cards, err := b.AppendJourneyDays(dst, tokens, opts.Days)
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
	line, err := readLineBytes(r, buf, max)
	return string(line), err
}

// readLineBytes is readLine giving the line in buf's bytes, valid until
// the next call.
func readLineBytes(r *bufio.Reader, buf *[]byte, max int) ([]byte, error) {
	*buf = (*buf)[:0]
	for {
		chunk, err := r.ReadSlice('\n')
		if len(*buf)+len(chunk) > max+1 { // +1: the line break
			return nil, bufio.ErrTooLong
		}
		*buf = append(*buf, chunk...)
		switch {
		case err == nil:
			line := (*buf)[:len(*buf)-1]
			return bytes.TrimSuffix(line, []byte("\r")), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(*buf) > 0:
			return bytes.TrimSuffix(*buf, []byte("\r")), nil
		}
		return nil, err
	}
}

// SplitCards splits a batch line into card tokens: separated by commas
// when the line has a comma outside quotes, else by spaces as a shell
// would, so that a line pasted from the single form reads the same. A card
// in double or single quotes ("New York") is the text inside them.
func SplitCards(line string) ([]string, error) { return appendCards(nil, line) }

// appendCards is SplitCards appending to dst. A line without quotes (most
// lines) is cut into pieces of itself, copying nothing.
func appendCards(dst []string, line string) ([]string, error) {
	if strings.IndexByte(line, '"') >= 0 || strings.IndexByte(line, '\'') >= 0 {
		return appendQuotedCards(dst, line)
	}
	if strings.IndexByte(line, ',') >= 0 {
		// A comma ends a card even when it is empty; the line's end only
		// one that holds something.
		for {
			i := strings.IndexByte(line, ',')
			if i < 0 {
				if tok := strings.TrimSpace(line); tok != "" {
					dst = append(dst, tok)
				}
				return dst, nil
			}
			dst = append(dst, strings.TrimSpace(line[:i]))
			line = line[i+1:]
		}
	}
	start := 0
	for i := 0; i <= len(line); i++ {
		if i < len(line) && line[i] != ' ' && line[i] != '\t' {
			continue
		}
		if tok := strings.TrimSpace(line[start:i]); tok != "" {
			dst = append(dst, tok)
		}
		start = i + 1
	}
	return dst, nil
}

// appendQuotedCards is appendCards for a line with quotes.
func appendQuotedCards(tokens []string, line string) ([]string, error) {
	sep := func(r byte) bool { return r == ' ' || r == '\t' }
	if hasUnquotedComma(line) {
		sep = func(r byte) bool { return r == ',' }
	}
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
