package studio

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// warnings collects what a server warns of.
type warnings struct {
	mu    sync.Mutex
	lines []string
}

func (w *warnings) add(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.lines = append(w.lines, msg)
}

func (w *warnings) all() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.lines...)
}

// openTestTable opens a table of two people and a bot on ts: its id and
// the seats' keys.
func openTestTable(t *testing.T, ts *httptest.Server) (string, []tableSeat) {
	t.Helper()
	code, host := post(t, ts, "/api/games", GameRequest{Humans: 2, Bots: 1, Bot: "greedy", Seed: 11, Table: true, Turns: 60}, nil)
	if code != 201 {
		t.Fatalf("opening a table: %d %v", code, host)
	}
	var seats []tableSeat
	for _, inv := range host["invites"].([]any)[:2] {
		inv := inv.(map[string]any)
		u, _ := url.Parse(inv["link"].(string))
		seats = append(seats, tableSeat{seat: int(inv["seat"].(float64)), key: u.Query().Get("seat")})
	}
	return host["id"].(string), seats
}

func seatView(t *testing.T, ts *httptest.Server, id string, s tableSeat) map[string]any {
	t.Helper()
	code, body := get(t, ts, "/api/games/"+id+"?seat="+s.key, "")
	var v map[string]any
	if code != 200 || json.Unmarshal(body, &v) != nil {
		t.Fatalf("seat %d's view: %d %s", s.seat, code, body)
	}
	checkPrivate(t, s.seat, v)
	return v
}

// playTable plays simple moves at the table, each by the seat to move,
// until the game is over or n moves are made (n < 0: to the end); the
// moves made.
func playTable(t *testing.T, ts *httptest.Server, id string, seats []tableSeat, n int) int {
	t.Helper()
	made := 0
	for ; n < 0 || made < n; made++ {
		g := seatView(t, ts, id, seats[0])
		if g["phase"] == "over" {
			break
		}
		if made > 5000 {
			t.Fatal("the game does not end")
		}
		mover := seats[int(g["seat"].(float64))]
		g = seatView(t, ts, id, mover)
		if code, v := post(t, ts, "/api/games/"+id+"/moves?seat="+mover.key, simpleMove(g), nil); code != 200 {
			t.Fatalf("move %d by seat %d: %d %v", made, mover.seat, code, v)
		}
	}
	return made
}

// The table's devices see, after a restart, what they saw before: every
// field of each seat's view but the game's id.
func sameView(t *testing.T, who string, before, after map[string]any) {
	t.Helper()
	for k := range before {
		if k == "id" {
			continue
		}
		if !reflect.DeepEqual(before[k], after[k]) {
			t.Errorf("%s after the restart: %s is %v, was %v", who, k, after[k], before[k])
		}
	}
}

// TestTableOutlivesRestart: a table of two people and a bot plays a few
// moves; its server stops and a new one starts on the same state folder.
// Each seat's key finds its table again, its view the same as before the
// restart (its own holder, the others counted, the log); the game goes on
// to the end exactly as a table that was never restarted (same deal,
// same bots' moves). The table's file is 0600, holds no seat's key, and
// is removed at the end.
func TestTableOutlivesRestart(t *testing.T) {
	dir := t.TempDir()
	var warned warnings
	opts := Options{StateDir: dir, Warn: warned.add}
	first, _, _ := newTestServer(t, "mini", opts)
	id, seats := openTestTable(t, first)
	if made := playTable(t, first, id, seats, 14); made != 14 {
		t.Fatalf("the game ended after %d moves, before the restart", made)
	}
	before := []map[string]any{seatView(t, first, id, seats[0]), seatView(t, first, id, seats[1])}
	spectator := func(ts *httptest.Server) map[string]any {
		_, body := get(t, ts, "/api/games/"+id, "")
		var v map[string]any
		_ = json.Unmarshal(body, &v)
		return v
	}
	watched := spectator(first)
	first.Close()

	file := filepath.Join(dir, id+tableRecordSuffix)
	info, err := os.Stat(file)
	if err != nil {
		t.Fatalf("the table's file: %v", err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Errorf("the table's file is %o, want 600", perm)
	}
	data, _ := os.ReadFile(file)
	for _, s := range seats {
		if strings.Contains(string(data), s.key) {
			t.Errorf("the table's file holds seat %d's key", s.seat)
		}
	}

	second, _, _ := newTestServer(t, "mini", opts)
	for i, s := range seats {
		sameView(t, fmt.Sprintf("seat %d", s.seat), before[i], seatView(t, second, id, s))
	}
	sameView(t, "a spectator", watched, spectator(second))
	rest := playTable(t, second, id, seats, -1)
	end := seatView(t, second, id, seats[0])
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the file of a finished table is still there (%v)", err)
	}

	// The same table, never restarted, the same moves: the same end.
	ref, _, _ := newTestServer(t, "mini", Options{})
	refID, refSeats := openTestTable(t, ref)
	if made := playTable(t, ref, refID, refSeats, -1); made != 14+rest {
		t.Errorf("the table never restarted ended after %d moves, the restarted one after %d", made, 14+rest)
	}
	sameView(t, "the end", seatView(t, ref, refID, refSeats[0]), end)
	if w := warned.all(); len(w) != 0 {
		t.Errorf("warnings: %q", w)
	}
}

// TestTableStateHostile: a state folder a stranger wrote. Each file that
// is not a whole table of this pack is skipped with one warning naming
// it, never a panic; a table of another edition is left alone, silently;
// the one good table is restored.
func TestTableStateHostile(t *testing.T) {
	dir := t.TempDir()
	first, _, _ := newTestServer(t, "mini", Options{StateDir: dir})
	id, seats := openTestTable(t, first)
	playTable(t, first, id, seats, 5)
	first.Close()
	good, err := os.ReadFile(filepath.Join(dir, id+tableRecordSuffix))
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(good, &rec); err != nil {
		t.Fatal(err)
	}
	variant := func(name string, change func(map[string]any)) {
		r := map[string]any{}
		_ = json.Unmarshal(good, &r)
		r["id"] = strings.TrimSuffix(name, tableRecordSuffix)
		change(r)
		data, _ := json.Marshal(r)
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	bad := map[string]func(map[string]any){
		"000000000000000001.table.json": func(r map[string]any) { r["moves"] = "p0p0" }, // a day filled twice
		"000000000000000002.table.json": func(r map[string]any) { r["moves"] = "\x00zz" },
		"000000000000000003.table.json": func(r map[string]any) { r["keys"] = []string{"short", "", ""} },
		"000000000000000004.table.json": func(r map[string]any) { r["steps"] = 1 },
		"000000000000000005.table.json": func(r map[string]any) { r["pack"] = strings.Repeat("0", 64) },
		"000000000000000006.table.json": func(r map[string]any) { r["kinds"] = []string{"human", "human", "human"} },
		"000000000000000007.table.json": func(r map[string]any) { r["id"] = "../../etc/passwd" },
		"000000000000000008.table.json": func(r map[string]any) { r["options"].(map[string]any)["turnCap"] = -5 },
		"000000000000000009.table.json": func(r map[string]any) { r["extra"] = true },
		"00000000000000000a.table.json": func(r map[string]any) { r["options"].(map[string]any)["days"] = 1e9 },
		"00000000000000000b.table.json": func(r map[string]any) { r["options"].(map[string]any)["humans"] = 40 },
	}
	for name, change := range bad {
		variant(name, change)
	}
	variant("00000000000000000f.table.json", func(r map[string]any) { r["edition"] = "somewhere-else" })
	raw := map[string]string{
		"garbage.table.json":   "not json at all",
		"truncated.table.json": string(good[:len(good)/2]),
		"empty.table.json":     "",
		"two.table.json":       string(good) + string(good),
		"big.table.json":       `{"moves":"` + strings.Repeat("p0 ", maxTableRecord/3+10) + `"}`,
	}
	for name, data := range raw {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.table.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "outside.json")
	_ = os.WriteFile(outside, good, 0o600)
	// The link's name is the good table's id with its last digit changed,
	// so it never is the good table's own file (ids are random).
	last := byte('e')
	if id[len(id)-1] == last {
		last = 'd'
	}
	if err := os.Symlink(outside, filepath.Join(dir, id[:len(id)-1]+string(last)+tableRecordSuffix)); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.table.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Logf("no FIFO: %v", err)
		fifo = ""
	}
	_ = os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a table"), 0o600)

	var warned warnings
	second, _, _ := newTestServer(t, "mini", Options{StateDir: dir, Warn: warned.add})
	w := warned.all()
	want := len(bad) + len(raw) + 2 // the folder and the link leading outside
	if fifo != "" {
		want++
	}
	if len(w) != want {
		t.Errorf("%d warnings, want %d (one a bad file):\n%s", len(w), want, strings.Join(w, "\n"))
	}
	for _, line := range w {
		if strings.Contains(line, "\n") || !strings.Contains(line, dir+string(filepath.Separator)) || !strings.HasSuffix(line, "skipped") {
			t.Errorf("a warning that names no file of the folder, or not on one line: %q", line)
		}
		if strings.Contains(line, "00000000000000000f") || strings.Contains(line, "notes.txt") {
			t.Errorf("warned of a file it should leave alone: %q", line)
		}
	}
	for name := range bad {
		found := false
		for _, line := range w {
			found = found || strings.Contains(line, name)
		}
		if !found {
			t.Errorf("no warning names %s", name)
		}
	}
	for _, s := range seats {
		seatView(t, second, id, s)
	}
	if code, _ := get(t, second, "/api/games/00000000000000000f", ""); code != 404 {
		t.Errorf("another edition's table: %d, want 404", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "00000000000000000f"+tableRecordSuffix)); err != nil {
		t.Errorf("another edition's table's file: %v", err)
	}
}
