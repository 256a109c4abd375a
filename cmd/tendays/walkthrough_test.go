package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tendays/tendays/internal/testenv"
)

// walkStep is one `$ tendays ...` line of the walkthrough and the output
// shown under it.
type walkStep struct {
	line int
	args []string
	want []string
}

// TestWalkthrough runs docs/new-edition.md: every `$ tendays ...` command of
// its console blocks, in order, in an empty folder, and compares what each
// prints (standard output, then standard error, as a terminal shows them
// for these commands) with the lines shown under it. The page cannot rot:
// change a message, a default or a figure and this test names the step.
func TestWalkthrough(t *testing.T) {
	testenv.Long(t, "the walkthrough of docs/new-edition.md: a whole edition made, doctored and built")
	if testing.Short() {
		t.Skip("the walkthrough plays some thousands of games: not with -short")
	}
	doc := filepath.Join(repoRoot(t), "docs", "new-edition.md")
	steps, err := walkthroughSteps(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) < 7 {
		t.Fatalf("%s: %d tendays commands found, want the walkthrough's 7 or more", doc, len(steps))
	}
	t.Chdir(t.TempDir())
	// Its Shapefile section starts from a file a user downloads.
	zipped, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "borders", "austria-lambert.zip"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("austria-lambert.zip", zipped, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		if len(s.want) == 0 {
			t.Fatalf("%s:%d: the page shows no output for tendays %s", doc, s.line, strings.Join(s.args, " "))
		}
		var out, errOut bytes.Buffer
		code := Main(s.args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
		want := 0
		if s.args[0] == "doctor" && !strings.Contains(strings.Join(s.args, " "), "--apply") {
			want = 1 // proposals to make
		}
		got := strings.Split(strings.TrimRight(out.String()+errOut.String(), "\n"), "\n")
		if code != want || strings.Join(got, "\n") != strings.Join(s.want, "\n") {
			t.Fatalf("%s:%d: tendays %s: exit %d (want %d); it printed:\n%s\n\nthe page shows:\n%s",
				doc, s.line, strings.Join(s.args, " "), code, want, strings.Join(got, "\n"), strings.Join(s.want, "\n"))
		}
	}
}

// walkthroughSteps reads the `$ tendays` commands of a page's ```console
// blocks; a line ending in \ goes on on the next.
func walkthroughSteps(path string) ([]walkStep, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var steps []walkStep
	in := false
	var cur *walkStep
	var pending string // a command continued on the next line
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !in && line == "```console":
			in = true
			continue
		case in && line == "```":
			in, cur = false, nil
			continue
		case !in:
			continue
		}
		if pending != "" || strings.HasPrefix(line, "$ ") {
			cmd := pending + strings.TrimPrefix(line, "$ ")
			if strings.HasSuffix(cmd, `\`) {
				pending = strings.TrimSuffix(cmd, `\`)
				continue
			}
			pending = ""
			words, err := shellWords(cmd)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, n, err)
			}
			if len(words) < 2 || words[0] != "tendays" {
				cur = nil
				continue
			}
			steps = append(steps, walkStep{line: n, args: words[1:]})
			cur = &steps[len(steps)-1]
			continue
		}
		if cur != nil {
			cur.want = append(cur.want, line)
		}
	}
	return steps, sc.Err()
}

// shellWords splits a command line as a shell does for the walkthrough's
// commands: words apart by spaces, "..." and '...' quoting.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				w.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed %c in %q", quote, s)
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

func TestShellWords(t *testing.T) {
	got, err := shellWords(`tendays init sa --where subregion="South America"  --edition-name '10 Days' ""`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"tendays", "init", "sa", "--where", "subregion=South America", "--edition-name", "10 Days", ""}
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("got %q", got)
	}
}
