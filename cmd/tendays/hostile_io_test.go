package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tendays/tendays/internal/fuzzcheck"
	"github.com/tendays/tendays/internal/testenv"
	"github.com/tendays/tendays/mapdata"
)

// A test binary started with TENDAYS_HOSTILE_MAIN=1 is tendays itself, for
// tests that need several processes.
func init() {
	if os.Getenv("TENDAYS_HOSTILE_MAIN") == "1" {
		main()
	}
}

// run runs tendays in-process with stdin, returning the exit code, stdout
// and stderr.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	var code int
	fuzzcheck.Within(t, func() {
		code = Main(args, &IOStreams{In: strings.NewReader(stdin), Out: &out, ErrOut: &errOut})
	})
	return code, out.String(), errOut.String()
}

// repoRoot is the module's root, whatever the test's working folder.
func repoRoot(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// copyEdition copies a test edition into dir/name.
func copyEdition(t *testing.T, dir, name, from string) string {
	t.Helper()
	dst := filepath.Join(dir, name)
	require.NoError(t, os.CopyFS(dst, os.DirFS(filepath.Join(repoRoot(t), "testdata/editions", from))))
	return dst
}

// TestEditionFilesStayInTheFolder: issue 12 class 1. Every file an edition
// names must resolve to a regular file inside its folder; a FIFO is refused
// without waiting on it, /dev/zero without reading it.
func TestEditionFilesStayInTheFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	outside := copyEdition(t, dir, "outside", "corners")
	mkfifo := func(p string) error { return syscall.Mkfifo(p, 0o644) }
	cases := map[string]struct {
		setup func(ed string) error
		want  string
	}{
		"link to /dev/zero": {func(ed string) error { return os.Symlink("/dev/zero", filepath.Join(ed, "borders.geojson")) }, "every file an edition names must be inside its folder"},
		"link outside": {func(ed string) error {
			return os.Symlink(filepath.Join(outside, "borders.geojson"), filepath.Join(ed, "borders.geojson"))
		}, "every file an edition names must be inside its folder"},
		"relative link out": {func(ed string) error {
			return os.Symlink("../outside/borders.geojson", filepath.Join(ed, "borders.geojson"))
		}, "must be inside its folder"},
		"FIFO": {func(ed string) error { return mkfifo(filepath.Join(ed, "borders.geojson")) }, "is a FIFO (named pipe), not a regular file"},
		// A folder may hold the borders (issue 31): an empty one is refused.
		"folder":                         {func(ed string) error { return os.Mkdir(filepath.Join(ed, "borders.geojson"), 0o755) }, "borders.geojson: the folder holds no borders file"},
		"edition.yaml FIFO":              {func(ed string) error { return mkfifo(filepath.Join(ed, "edition.yaml")) }, "edition.yaml: is a FIFO"},
		"edition.yaml link to /dev/zero": {func(ed string) error { return os.Symlink("/dev/zero", filepath.Join(ed, "edition.yaml")) }, "must be inside its folder"},
		"linked sub-folder": {func(ed string) error {
			if err := os.Symlink(outside, filepath.Join(ed, "sub")); err != nil {
				return err
			}
			y, err := os.ReadFile(filepath.Join(ed, "edition.yaml"))
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(ed, "edition.yaml"), bytes.Replace(y, []byte("file: borders.geojson"), []byte("file: sub/borders.geojson"), 1), 0o644)
		}, "must be inside its folder"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			ed := copyEdition(t, t.TempDir(), "ed", "corners")
			if strings.HasPrefix(name, "edition.yaml") {
				require.NoError(t, os.Remove(filepath.Join(ed, "edition.yaml")))
			} else if name != "linked sub-folder" {
				require.NoError(t, os.Remove(filepath.Join(ed, "borders.geojson")))
			}
			require.NoError(t, c.setup(ed))
			out := filepath.Join(t.TempDir(), "out.pack.json")
			code, _, stderr := run(t, "", "build", ed, "-o", out)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, c.want)
			assert.NoFileExists(t, out)
			code, _, stderr = run(t, "", "lint", ed)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, c.want)
		})
	}
	// A link that stays inside the folder is followed.
	ed := copyEdition(t, dir, "inside", "corners")
	require.NoError(t, os.Rename(filepath.Join(ed, "borders.geojson"), filepath.Join(ed, "real.geojson")))
	require.NoError(t, os.Symlink("real.geojson", filepath.Join(ed, "borders.geojson")))
	code, _, stderr := run(t, "", "build", ed, "-o", filepath.Join(dir, "inside.pack.json"))
	assert.Equal(t, 0, code, stderr)
}

// TestTopLevelInputsAreRegularFiles: a pack named on the command line that
// is a FIFO or a device is refused without blocking; "-" reads stdin.
func TestTopLevelInputsAreRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p.pack.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	code, _, stderr := run(t, "", "lint", fifo)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, fifo+": is a FIFO (named pipe), not a regular file (give - to read standard input)")
	code, _, stderr = run(t, "", "export", "/dev/zero", "--format", "dot")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "/dev/zero: is a device, not a regular file")

	mini, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata/packs/mini.pack.json"))
	require.NoError(t, err)
	code, stdout, stderr := run(t, string(mini), "export", "-", "--format", "json-graph")
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, `"nodes"`)
	code, _, stderr = run(t, strings.Repeat(" ", 2000), "--max-input", "1000", "lint", "-")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "<stdin>: file is over the limit of 1000 bytes")
}

// TestOutputsNeverReplaceSpecialFiles: issue 12 class 6. A FIFO output is
// written through (a reader gets the pack) and stays a FIFO; a symlink
// output replaces its target and stays a link.
func TestOutputsNeverReplaceSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "out.fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	var got []byte
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		got, _ = os.ReadFile(fifo) // blocks until the writer opens and closes
	}()
	code, _, stderr := run(t, "", "build", "usa", "-o", fifo)
	wg.Wait()
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, string(got), `"format": "tendays.pack"`)
	fi, err := os.Lstat(fifo)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the FIFO was replaced")
	assert.NoFileExists(t, filepath.Join(dir, "out.fifo.board.geojson"), "no board beside a FIFO")

	// An export of several files is refused onto a FIFO: its files would be
	// new files beside the pipe, which its reader never sees.
	for _, format := range []string{"csv", "tts", "datapackage"} {
		code, _, stderr = run(t, "", "export", "usa", "--format", format, "-o", fifo)
		assert.Equal(t, 2, code, format)
		assert.Contains(t, stderr, "is a device or a pipe, and --format "+format+" writes several files", format)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing written beside the FIFO")

	target := filepath.Join(dir, "target.pack.json")
	require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
	link := filepath.Join(dir, "link.pack.json")
	require.NoError(t, os.Symlink("target.pack.json", link))
	code, _, stderr = run(t, "", "build", "usa", "-o", link)
	assert.Equal(t, 0, code, stderr)
	fi, err = os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link was replaced")
	data, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Contains(t, string(data), `"id": "usa"`)
}

// TestOutputIsNeverAnInput: issue 12 class 7, however the output is named.
func TestOutputIsNeverAnInput(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	ed := copyEdition(t, dir, "ed", "corners")
	code, _, stderr := run(t, "", "build", "ed", "-o", "ed/borders.geojson")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "the output would overwrite an input of this run")
	require.NoError(t, os.Symlink("ed/edition.yaml", "alias.json"))
	code, _, stderr = run(t, "", "build", "ed", "-o", "alias.json")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "the output would overwrite an input of this run")
	require.NoError(t, os.Link(filepath.Join(ed, "borders.geojson"), "hard.pack.json"))
	code, _, stderr = run(t, "", "build", "ed", "-o", "./hard.pack.json")
	assert.Equal(t, 2, code, "a hard link is the same file")
	assert.Contains(t, stderr, "the output would overwrite an input")

	code, _, stderr = run(t, "", "build", "ed", "-o", "p.pack.json")
	require.Equal(t, 0, code, stderr)
	before, err := os.ReadFile("p.pack.json")
	require.NoError(t, err)
	for _, args := range [][]string{
		{"export", "p.pack.json", "--format", "dot", "-o", "p.pack.json"},
		{"export", "p.pack.json", "--format", "dot", "-o", "./sub/../p.pack.json"},
		{"export", "p.pack.json", "--format", "svg", "-o", "p.board.geojson"},
		{"export", "p.pack.json", "--format", "datapackage", "-o", "."},
		{"lint", "p.pack.json", "--write-baseline", "p.pack.json"},
		{"lint", "p.pack.json", "-o", dir + "/p.pack.json"},
	} {
		require.NoError(t, os.MkdirAll("sub", 0o755))
		code, _, stderr := run(t, "", args...)
		assert.Equal(t, 2, code, "%v: %s", args, stderr)
		after, err := os.ReadFile("p.pack.json")
		require.NoError(t, err)
		assert.Equal(t, before, after, "%v overwrote its input", args)
	}
}

// TestConcurrentBuildsKeepPairs: issue 12 class 8. Two builds of different
// editions to one -o, again and again: the pack and board left are always
// a pair (the pack's board hash matches), and export reads them as one.
func TestConcurrentBuildsKeepPairs(t *testing.T) {
	testenv.Long(t, "builds racing each other")
	dir := t.TempDir()
	t.Chdir(dir)
	copyEdition(t, dir, "a", "corners")
	copyEdition(t, dir, "b", "peninsulas")
	rounds := 40
	if testing.Short() {
		rounds = 5
	}
	for round := range rounds {
		// Processes, not goroutines: within one process the renames are
		// serialized anyway.
		var wg sync.WaitGroup
		for _, ed := range []string{"a", "b"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				cmd := exec.Command(os.Args[0], "build", ed, "-o", "pair.pack.json")
				cmd.Env = append(os.Environ(), "TENDAYS_HOSTILE_MAIN=1")
				out, err := cmd.CombinedOutput()
				assert.NoError(t, err, "%s", out)
			}()
		}
		wg.Wait()
		pack, err := mapdata.ReadPack("pair.pack.json", 0)
		require.NoError(t, err)
		board, err := os.ReadFile("pair.board.geojson")
		require.NoError(t, err)
		require.True(t, mapdata.BoardMatches(pack.Pack, board), "round %d: pack of %s with another build's board", round, pack.Pack.Edition.ID)
	}
	// A board that is not the pack's pair is refused beside it.
	code, _, stderr := run(t, "", "build", "a", "-o", "other.pack.json")
	require.Equal(t, 0, code, stderr)
	code, _, stderr = run(t, "", "build", "b", "-o", "b.pack.json")
	require.Equal(t, 0, code, stderr)
	board, err := os.ReadFile("b.board.geojson")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile("other.board.geojson", board, 0o644))
	code, _, stderr = run(t, "", "export", "other.pack.json", "--format", "svg")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "other.board.geojson: not the board other.pack.json was built with")
	// Given with --board, it is only a warning (the board may be edited).
	code, _, stderr = run(t, "", "export", "other.pack.json", "--format", "geojson", "--board", "b.board.geojson")
	assert.Contains(t, stderr, "is not the board other.pack.json was built with")
	_ = code
}

// TestDataPackageNeverDeletesAFolder: issue 26 class "an export deletes a
// folder". A project folder that holds a datapackage.json (and its sources,
// and .git) is refused, not replaced; a link named as the folder is
// followed, not replaced by a folder.
func TestDataPackageNeverDeletesAFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	copyEdition(t, dir, "ed", "corners")
	code, _, stderr := run(t, "", "build", "ed", "-o", "p.pack.json")
	require.Equal(t, 0, code, stderr)
	require.NoError(t, os.MkdirAll("proj/.git", 0o755))
	require.NoError(t, os.WriteFile("proj/main.go", []byte("package main\n"), 0o644))
	require.NoError(t, os.WriteFile("proj/datapackage.json", []byte("{}"), 0o644))
	code, _, stderr = run(t, "", "export", "p.pack.json", "--format", "datapackage", "-o", "proj")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `-o proj: the folder holds ".git", "main.go", not written by this export`)
	assert.DirExists(t, "proj/.git")
	assert.FileExists(t, "proj/main.go")

	require.NoError(t, os.Mkdir("real", 0o755))
	require.NoError(t, os.Symlink("real", "link"))
	code, _, stderr = run(t, "", "export", "p.pack.json", "--format", "datapackage", "-o", "link")
	require.Equal(t, 0, code, stderr)
	fi, err := os.Lstat("link")
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link is still a link")
	assert.FileExists(t, "real/datapackage.json")
	code, _, stderr = run(t, "", "export", "p.pack.json", "--format", "datapackage", "-o", "link", "--package-version", "2.0.0")
	assert.Equal(t, 0, code, "a package tendays wrote is written over: %s", stderr)
}

// TestDefaultOutputsDoNotFollowLinksOut: issue 26 class "CI follows links".
// A checkout that commits NAME.pack.json (or the board beside it) as a link
// to a file outside the working folder does not get that file replaced by
// a build that names no output; a name the user gives is followed as ever.
func TestDefaultOutputsDoNotFollowLinksOut(t *testing.T) {
	victim := filepath.Join(t.TempDir(), "victim")
	require.NoError(t, os.WriteFile(victim, []byte("precious"), 0o644))
	dir := t.TempDir()
	t.Chdir(dir)
	copyEdition(t, dir, "ed", "corners")
	for _, link := range []string{"corners.pack.json", "corners.board.geojson"} {
		require.NoError(t, os.Symlink(victim, link))
		code, _, stderr := run(t, "", "build", "ed")
		assert.Equal(t, 2, code, link)
		assert.Contains(t, stderr, "write "+link+": a symbolic link leading outside the working folder", link)
		got, _ := os.ReadFile(victim)
		assert.Equal(t, "precious", string(got), link)
		require.NoError(t, os.Remove(link))
	}
	// lint's default report name inside a folder given with -o DIR/.
	require.NoError(t, os.Mkdir("reports", 0o755))
	require.NoError(t, os.Symlink(victim, "reports/lint-report.sarif"))
	code, _, stderr := run(t, "", "lint", "ed", "--format", "sarif", "-o", "reports/")
	assert.Equal(t, 2, code, stderr)
	got, _ := os.ReadFile(victim)
	assert.Equal(t, "precious", string(got))

	// A link inside the working folder is followed.
	require.NoError(t, os.WriteFile("kept.json", nil, 0o644))
	require.NoError(t, os.Symlink("kept.json", "corners.pack.json"))
	code, _, stderr = run(t, "", "build", "ed")
	require.Equal(t, 0, code, stderr)
	got, _ = os.ReadFile("kept.json")
	assert.Contains(t, string(got), `"format": "tendays.pack"`)
}

// TestLintConfigLinkOutsideRefused: issue 26 class "CI follows links". A
// .tendays-lint.yaml found by walking up that is a link leading out of its
// folder is refused (exit 2), never read: a pull request cannot turn rules
// off with a config elsewhere on the runner.
func TestLintConfigLinkOutsideRefused(t *testing.T) {
	elsewhere := filepath.Join(t.TempDir(), "cfg.yaml")
	require.NoError(t, os.WriteFile(elsewhere, []byte("rules: {}\n"), 0o644))
	dir := t.TempDir()
	t.Chdir(dir)
	copyEdition(t, dir, "ed", "corners")
	require.NoError(t, os.Symlink(elsewhere, ".tendays-lint.yaml"))
	code, _, stderr := run(t, "", "lint", "ed")
	assert.Equal(t, 2, code, stderr)
	assert.Contains(t, stderr, ".tendays-lint.yaml: the lint config is a symbolic link leading outside its folder")
	// Inside its folder, a link is read.
	require.NoError(t, os.Remove(".tendays-lint.yaml"))
	require.NoError(t, os.WriteFile("real-cfg.yaml", []byte("rules: {}\n"), 0o644))
	require.NoError(t, os.Symlink("real-cfg.yaml", ".tendays-lint.yaml"))
	code, _, stderr = run(t, "", "lint", "ed")
	assert.Equal(t, 0, code, stderr)
}

// TestActionRefusesSarifLinkOut runs the Action's lint step as GitHub
// would, with a stand-in tendays: a tendays.sarif committed as a link to a
// file outside the workspace is refused before anything is written, and a
// plain name is written.
func TestActionRefusesSarifLinkOut(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "action.yml"))
	require.NoError(t, err)
	var script string
	for _, st := range yamlAsJSON(t, src).(map[string]any)["runs"].(map[string]any)["steps"].([]any) {
		if m := st.(map[string]any); m["id"] == "lint" {
			script = m["run"].(string)
		}
	}
	require.NotEmpty(t, script)
	victim := filepath.Join(t.TempDir(), "victim")
	require.NoError(t, os.WriteFile(victim, []byte("precious"), 0o644))
	fake := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(fake, "tendays-bin"), 0o755))
	// The stand-in writes its -o argument's file, as tendays would.
	require.NoError(t, os.WriteFile(filepath.Join(fake, "tendays-bin", "tendays"),
		[]byte("#!/bin/bash\nwhile [ $# -gt 0 ]; do if [ \"$1\" = -o ]; then echo report > \"$2\"; fi; shift; done\n"), 0o755))
	workspace := t.TempDir()
	lint := func(sarif string) (int, string) {
		cmd := exec.Command("bash", "-e", "-c", script)
		cmd.Dir = workspace
		cmd.Env = append(os.Environ(), "RUNNER_TEMP="+fake, "PATHS=.", "FAIL_ON=error", "SARIF="+sarif,
			"GITHUB_WORKSPACE="+workspace, "GITHUB_OUTPUT="+filepath.Join(fake, "out"))
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return code, string(out)
	}
	require.NoError(t, os.Symlink(victim, filepath.Join(workspace, "tendays.sarif")))
	code, out := lint("tendays.sarif")
	assert.Equal(t, 2, code, out)
	assert.Contains(t, out, "::error::sarif-file tendays.sarif is a symbolic link")
	got, _ := os.ReadFile(victim)
	assert.Equal(t, "precious", string(got))
	require.NoError(t, os.Symlink(filepath.Dir(victim), filepath.Join(workspace, "reports")))
	code, out = lint("reports/x.sarif")
	assert.Equal(t, 2, code, "a folder on the way that leads out: %s", out)

	code, out = lint("plain.sarif")
	assert.Equal(t, 0, code, out)
	got, _ = os.ReadFile(filepath.Join(workspace, "plain.sarif"))
	assert.Equal(t, "report\n", string(got))
}

// rssKiB is a process's resident memory, from /proc.
func rssKiB(t *testing.T, pid int) int {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(t, err)
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			require.NoError(t, err)
			return n
		}
	}
	t.Fatal("no VmRSS")
	return 0
}

// TestStudioFloodKeepsMemoryFlat: issue 26 class "the studio has no bound
// on event streams" (15,000 open /api/events connections took 397 MiB).
// A `tendays serve` process is flooded with 3,000 connections asking for
// the event stream and left holding them: its resident memory grows by a
// few MiB at most, and it still answers its own page.
func TestStudioFloodKeepsMemoryFlat(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	t.Parallel()
	pack := filepath.Join(repoRoot(t), "testdata/packs/mini.pack.json")
	cmd := exec.Command(os.Args[0], "serve", pack, "--addr", "127.0.0.1:0", "--state", "") // no tables kept in the tester's cache
	cmd.Env = append(os.Environ(), "TENDAYS_HOSTILE_MAIN=1")
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	addr := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(line), "serving http://"), "/")
	client := &http.Client{Timeout: 10 * time.Second}
	page := func() int {
		res, err := client.Get("http://" + addr + "/api/pack")
		if err != nil {
			return 0
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	require.Equal(t, 200, page())
	time.Sleep(200 * time.Millisecond)
	before := rssKiB(t, cmd.Process.Pid)

	const flood = 3000
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range flood {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			break // the test's own limits: what was opened still counts
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "GET /api/events HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	}
	require.Greater(t, len(conns), flood/2)
	time.Sleep(time.Second)
	after := rssKiB(t, cmd.Process.Pid)
	t.Logf("%d connections asking for the event stream: RSS %d KiB before, %d KiB after (%+d KiB)", len(conns), before, after, after-before)
	assert.Less(t, after-before, 24<<10, "memory grew by %d KiB under the flood", after-before)
	assert.Equal(t, 200, page(), "the studio answers its page during the flood")
}

// TestDoctorApplyNeverLosesASave: issue 26 class "doctor --apply loses or
// breaks edits". --apply 1,1 is refused; two `doctor --apply` processes on
// one edition at once: one applies, the other finds edition.yaml changed
// and exits 1 saying to run the doctor again; an edit the editor cannot
// make is listed as such.
func TestDoctorApplyNeverLosesASave(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ed := filepath.Join(dir, "ed")
	require.NoError(t, os.CopyFS(ed, os.DirFS(filepath.Join(repoRoot(t), "advise/testdata/lonely"))))
	path := filepath.Join(ed, "edition.yaml")
	original, err := os.ReadFile(path)
	require.NoError(t, err)
	fast := []string{"--games", "400", "--measure-games", "200"}

	code, _, stderr := run(t, "", append([]string{"doctor", ed, "--apply", "1,1"}, fast...)...)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "proposal 1 is named twice")

	for round := range 3 {
		require.NoError(t, os.WriteFile(path, original, 0o644))
		type result struct {
			code int
			out  string
		}
		results := make(chan result, 2)
		for range 2 {
			go func() {
				cmd := exec.Command(os.Args[0], append([]string{"doctor", ed, "--apply", "1"}, fast...)...)
				cmd.Env = append(os.Environ(), "TENDAYS_HOSTILE_MAIN=1")
				out, _ := cmd.CombinedOutput()
				results <- result{cmd.ProcessState.ExitCode(), string(out)}
			}()
		}
		a, b := <-results, <-results
		if a.code != 0 {
			a, b = b, a
		}
		assert.Equal(t, 0, a.code, "round %d: %s", round, a.out)
		assert.Contains(t, a.out, "applied 1:")
		assert.Equal(t, 1, b.code, "round %d: the second apply: %s", round, b.out)
		assert.Contains(t, b.out, "changed since the doctor read it: run the doctor again")
	}

	aliased := strings.Replace(strings.Replace(string(original), "R01: green", "R01: &g green", 1), "R40: green", "R40: *g", 1)
	require.NoError(t, os.WriteFile(path, []byte(aliased), 0o644))
	code, stdout, _ := run(t, "", append([]string{"doctor", ed}, fast...)...)
	assert.Equal(t, 1, code)
	assert.Regexp(t, `\[\d+\] \(cannot be made\) change the colour of R40`, stdout)
	assert.Contains(t, stdout, "is an alias")
}

// A combined edition's members are inside the same fence as an edition
// built alone (issue 26): a member's file that is a link leading outside
// its folder is refused, and no output of the combined build may replace a
// file of a member.
func TestCombinedMembersInsideTheFence(t *testing.T) {
	t.Parallel()
	layout := func(t *testing.T) string {
		dir := t.TempDir()
		copyEdition(t, dir, "corners", "corners")
		copyEdition(t, dir, "ferry", "ferry")
		require.NoError(t, os.Mkdir(filepath.Join(dir, "combo"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "combo", "edition.yaml"), []byte("kind: combined\nid: combo\nname: Two maps\ndays: 20\n"+
			"members: [corners, ferry]\npiles: {draw: 3, face_up: 6}\nwin: every-map\nplanes: within-map\n"), 0o644))
		// deck/too-small (20 days on two small maps) is beside the point.
		require.NoError(t, os.WriteFile(filepath.Join(dir, "combo", ".tendays-lint.yaml"), []byte("rules: {deck/too-small: off}\n"), 0o644))
		return dir
	}
	t.Run("output over a member's borders", func(t *testing.T) {
		dir := layout(t)
		member := filepath.Join(dir, "ferry", "borders.geojson")
		before, err := os.ReadFile(member)
		require.NoError(t, err)
		code, _, stderr := run(t, "", "build", filepath.Join(dir, "combo"), "-o", member)
		assert.Equal(t, 2, code, stderr)
		assert.Contains(t, stderr, "the output would overwrite an input of this run")
		after, err := os.ReadFile(member)
		require.NoError(t, err)
		assert.Equal(t, before, after, "the member's borders are untouched")
	})
	t.Run("member borders linked outside", func(t *testing.T) {
		dir := layout(t)
		outside := copyEdition(t, t.TempDir(), "outside", "corners")
		p := filepath.Join(dir, "corners", "borders.geojson")
		require.NoError(t, os.Remove(p))
		require.NoError(t, os.Symlink(filepath.Join(outside, "borders.geojson"), p))
		for _, args := range [][]string{{"build", filepath.Join(dir, "combo"), "-o", filepath.Join(dir, "out.pack.json")}, {"lint", filepath.Join(dir, "combo")}} {
			code, _, stderr := run(t, "", args...)
			assert.Equal(t, 2, code, stderr)
			assert.Contains(t, stderr, "combo/edition.yaml:5:")
			assert.Contains(t, stderr, "must be inside its folder")
		}
		assert.NoFileExists(t, filepath.Join(dir, "out.pack.json"))
	})
	t.Run("a valid combined folder doctors", func(t *testing.T) {
		dir := layout(t)
		code, stdout, stderr := run(t, "", "doctor", filepath.Join(dir, "combo"), "--format", "json", "--games", "2", "--measure-games", "1", "--players", "2")
		assert.NotContains(t, stderr, `unknown key "members"`)
		assert.Contains(t, []int{0, 1}, code, stderr)
		assert.Contains(t, stdout, `"source": "combined"`)
	})
}
