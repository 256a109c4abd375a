package studio

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/tendays/tendays/engine/game"
	"github.com/tendays/tendays/internal/atomicfile"
	"github.com/tendays/tendays/internal/safeio"
)

// A table outlives a restart of the server (Options.StateDir): its URL
// cannot hold the deal (that would show every holder), so the server keeps
// what deals it again, one file a table, ID.table.json in the state
// folder: the edition and a digest of the pack it was dealt on, the
// options with the seed, each seat's kind, each person's key hashed
// (SHA-256: the file lets no one take a seat), and the people's moves.
// The engine is deterministic from the seed and the moves, so the table
// comes back exactly: the same deal, the same bots' moves. The file is
// written atomically after each move, 0600, and removed when the game is
// over or forgotten. A restarted server reads the folder back, bounded: a
// stranger may have written it, so a file that is not a whole table of
// this edition's pack is skipped with one warning naming it.

// tableRecordFormat names a table's file.
const (
	tableRecordFormat = "tendays-table"
	tableRecordSuffix = ".table.json"
	// maxTableRecord bounds a record read back: a long game's moves are a
	// few kilobytes.
	maxTableRecord = 1 << 20
	// maxStateEntries bounds the names of the folder looked at.
	maxStateEntries = 4096
)

// tableRecord is what deals a table again.
type tableRecord struct {
	Format        string      `json:"format"`
	FormatVersion int         `json:"formatVersion"`
	ID            string      `json:"id"`
	Edition       string      `json:"edition"`
	Pack          string      `json:"pack"`    // SHA-256 of the pack as GET /api/pack serves it
	Options       GameRequest `json:"options"` // the seed filled in
	Kinds         []string    `json:"kinds"`   // by seat: "human" or the bots' name
	Keys          []string    `json:"keys"`    // by seat: SHA-256 of the person's key, "" for a bot
	Moves         string      `json:"moves"`   // the people's actions, short forms
	Steps         int         `json:"steps"`   // every seat's actions: checked once replayed
}

// hashKey is how a seat's key is kept, in memory and on disk.
func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// packDigest names the pack a table is dealt on: a table is dealt again
// only on the very same pack.
func packDigest(st *state) string {
	sum := sha256.Sum256(st.played.pack)
	return hex.EncodeToString(sum[:])
}

var (
	tableIDPattern  = regexp.MustCompile(`^[0-9a-f]{18}$`)
	keyHashPattern  = regexp.MustCompile(`^[0-9a-f]{64}$`)
	packHashPattern = keyHashPattern
)

func (s *Server) warn(msg string) {
	if s.opts.Warn != nil {
		s.opts.Warn(msg)
	}
}

func (s *Server) tablePath(id string) string {
	return filepath.Join(s.opts.StateDir, id+tableRecordSuffix)
}

// saveTable keeps ss's table in the state folder, or removes its file once
// the game is over; a failure is a warning (the table plays on, in memory).
func (s *Server) saveTable(ss *session) {
	if s.opts.StateDir == "" || ss.seats == nil {
		return
	}
	tg := ss.game.(*tenGame)
	path := s.tablePath(ss.id)
	if tg.over() {
		s.forgetTable(ss.id)
		return
	}
	rec := tableRecord{Format: tableRecordFormat, FormatVersion: 1, ID: ss.id, Edition: tg.rec.Edition, Pack: ss.pack,
		Options: tg.opts, Kinds: tg.seats, Keys: ss.seats, Moves: game.FormatActions(tg.people), Steps: len(tg.rec.Moves)}
	err := atomicfile.WriteAll(atomicfile.File{Path: path, Perm: 0o600, Fill: atomicfile.Bytes(mustJSON(rec)), Chosen: true})
	if err != nil {
		s.warn(fmt.Sprintf("tendays: keeping table %s in %s: %v (it plays on, but will not outlive a restart)", ss.id, path, err))
	}
}

// forgetTable removes a table's file (its game is over, or forgotten).
func (s *Server) forgetTable(id string) {
	if s.opts.StateDir == "" {
		return
	}
	path := s.tablePath(id)
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		s.warn(fmt.Sprintf("tendays: removing %s: %v", path, err))
	}
}

// restoreTables deals again the open tables the state folder keeps for
// st's pack, newest last (at most maxGames). A file of another edition is
// left alone, silently: another serve's.
func (s *Server) restoreTables(st *state) {
	dir := s.opts.StateDir
	if dir == "" || st.played.games == nil {
		return
	}
	folder, err := safeio.OpenFolder(dir)
	if err != nil {
		s.warn(fmt.Sprintf("tendays: the tables' state folder %s: %v (no table restored)", dir, err))
		return
	}
	defer folder.Close()
	entries, err := readDirBounded(folder.FS(), maxStateEntries)
	if err != nil {
		s.warn(fmt.Sprintf("tendays: reading the tables' state folder %s: %v", dir, err))
	}
	type found struct {
		ss      *session
		modTime int64
	}
	var restored []found
	digest, edition := packDigest(st), st.build.Pack.EditionID()
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, tableRecordSuffix) {
			continue
		}
		path := filepath.Join(dir, name)
		data, err := folder.ReadFile(name, maxTableRecord)
		if err != nil {
			s.warn(fmt.Sprintf("tendays: table state %s: %v; skipped", path, err))
			continue
		}
		ss, err := restoreTable(st, name, data, edition, digest)
		switch {
		case errors.Is(err, errOtherEdition):
			continue
		case err != nil:
			s.warn(fmt.Sprintf("tendays: table state %s: %v; skipped", path, err))
			continue
		}
		var mod int64
		if info, err := e.Info(); err == nil {
			mod = info.ModTime().UnixNano()
		}
		restored = append(restored, found{ss, mod})
	}
	slices.SortStableFunc(restored, func(a, b found) int {
		return cmp.Or(cmp.Compare(a.modTime, b.modTime), strings.Compare(a.ss.id, b.ss.id))
	})
	if len(restored) > maxGames {
		restored = restored[len(restored)-maxGames:]
	}
	for _, f := range restored {
		s.games.add(f.ss) // fewer than maxGames: none is forgotten
	}
}

// readDirBounded lists at most max names of a folder.
func readDirBounded(fsys fs.FS, max int) ([]fs.DirEntry, error) {
	f, err := fsys.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rd, ok := f.(fs.ReadDirFile)
	if !ok {
		return nil, errors.New("not a folder")
	}
	entries, err := rd.ReadDir(max)
	if err != nil && !errors.Is(err, io.EOF) {
		return entries, err
	}
	return entries, nil
}

// errOtherEdition: the file keeps a table of another edition.
var errOtherEdition = errors.New("another edition's table")

// restoreTable deals a record's table again and replays its moves; an
// error says what is wrong with the record. Whatever a stranger wrote,
// it is an error, never a panic.
func restoreTable(st *state, name string, data []byte, edition, digest string) (ss *session, err error) {
	defer func() {
		if r := recover(); r != nil {
			ss, err = nil, fmt.Errorf("replaying it failed (%v)", r)
		}
	}()
	var rec tableRecord
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return nil, fmt.Errorf("not a table's record: %w", err)
	}
	if dec.More() {
		return nil, errors.New("not a table's record: more after its JSON object")
	}
	switch {
	case rec.Format != tableRecordFormat || rec.FormatVersion != 1:
		return nil, fmt.Errorf("format %q version %d, want %q version 1", rec.Format, rec.FormatVersion, tableRecordFormat)
	case !tableIDPattern.MatchString(rec.ID) || name != rec.ID+tableRecordSuffix:
		return nil, fmt.Errorf("id %q does not name this file", rec.ID)
	case rec.Edition != edition:
		return nil, errOtherEdition
	case !packHashPattern.MatchString(rec.Pack):
		return nil, fmt.Errorf("pack digest %q is not a SHA-256", rec.Pack)
	case rec.Pack != digest:
		return nil, fmt.Errorf("dealt on another build of %s (the pack changed since): it cannot be dealt again", edition)
	case !rec.Options.Table || rec.Options.Moves != "" || rec.Options.Seed == 0:
		return nil, errors.New("its options are not a table's (table, a seed, no moves)")
	case len(rec.Kinds) != len(rec.Keys) || len(rec.Kinds) == 0:
		return nil, fmt.Errorf("%d seats and %d keys", len(rec.Kinds), len(rec.Keys))
	case len(rec.Moves) > maxTableRecord:
		return nil, errors.New("its moves are too long")
	}
	for seat, kind := range rec.Kinds {
		human, key := kind == "human", rec.Keys[seat]
		if human != keyHashPattern.MatchString(key) || !human && key != "" {
			return nil, fmt.Errorf("seat %d: a %s's seat with key %q (want a person's SHA-256, none for a bot)", seat+1, kind, key)
		}
	}
	g, err := st.played.games.deal(rec.Options, uint64(rec.Options.Seed))
	if err != nil {
		return nil, fmt.Errorf("dealing it again: %w", err)
	}
	tg, ok := g.(*tenGame)
	if !ok {
		return nil, errors.New("not a 10 Days game")
	}
	if !slices.Equal(tg.seats, rec.Kinds) {
		return nil, fmt.Errorf("its seats %v are not its options' %v", rec.Kinds, tg.seats)
	}
	actions, err := game.ParseActions(rec.Moves)
	if err != nil {
		return nil, err
	}
	if err := tg.replay(actions); err != nil {
		return nil, err
	}
	switch {
	case len(tg.rec.Moves) != rec.Steps:
		return nil, fmt.Errorf("replayed, it has %d steps, the record says %d", len(tg.rec.Moves), rec.Steps)
	case tg.over():
		return nil, errors.New("its game is over")
	}
	return &session{id: rec.ID, game: tg, seats: slices.Clone(rec.Keys), pack: rec.Pack}, nil
}

// addGame keeps a game; a table it forgets to make room loses its file.
func (s *Server) addGame(ss *session) {
	if old := s.games.add(ss); old != nil && old.seats != nil {
		s.forgetTable(old.id)
	}
}
