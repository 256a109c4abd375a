package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Stdout is the output name that means standard output.
const Stdout = "-"

// resolve finds what writing path means: the file to replace (a symbolic
// link followed to its target), or a character device or FIFO to write
// through. Sockets and block devices are refused. So is a link that leads
// out of the working folder from an output named inside it (see
// escapesWorkdir), and a link at a chosen name (File.Chosen) named outside
// it that leads outside the folder it is in.
func resolve(path string, chosen bool) (target string, through bool, err error) {
	if isStreamName(path) {
		// /dev/stdout and friends are the process's own streams, whatever
		// they are redirected to: written through, never replaced.
		if fi, err := os.Stat(path); err == nil && !fi.IsDir() {
			return path, true, nil
		}
	}
	fi, err := os.Lstat(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", false, fmt.Errorf("write %s: %w", path, err)
	}
	if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if _, err := filepath.EvalSymlinks(path); err != nil {
			return "", false, fmt.Errorf("write %s: a symbolic link to nothing (%w): remove it or write elsewhere", path, unwrapPath(err))
		}
	}
	if real, out := escapesWorkdir(path); out {
		return "", false, linkOutside(path, real)
	}
	if err != nil {
		return path, false, nil // a new file
	}
	target = path
	if fi.Mode()&fs.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return "", false, fmt.Errorf("write %s: a symbolic link to nothing (%w): remove it or write elsewhere", path, unwrapPath(err))
		}
		if chosen && !linkStaysHome(path, target) {
			return "", false, fmt.Errorf("write %s: %w (to %s): tendays chose this name and does not write through it; remove the link or name the output with -o", path, ErrLinkOutside, target)
		}
		if fi, err = os.Stat(target); err != nil {
			return "", false, fmt.Errorf("write %s: %w", path, err)
		}
	}
	m := fi.Mode()
	switch {
	case m.IsRegular():
		return target, false, nil
	case m.IsDir():
		return "", false, fmt.Errorf("write %s: is a folder", path)
	case m&fs.ModeCharDevice != 0, m&fs.ModeNamedPipe != 0:
		return target, true, nil
	}
	return "", false, fmt.Errorf("write %s: is a %s, not a file tendays can write", path, kind(m))
}

// ErrLinkOutside is wrapped by the error for an output that a symbolic
// link would take out of the working folder (or, for a chosen name named
// outside it, out of the folder it is in).
var ErrLinkOutside = errors.New("a symbolic link leading outside the working folder")

func linkOutside(path, real string) error {
	return fmt.Errorf("write %s: %w (to %s): a checkout can hold such links, so an output named inside the working folder stays inside it; remove the link, or name %s itself", path, ErrLinkOutside, real, real)
}

// escapesWorkdir reports whether path, named inside the working folder
// (relative, or absolute under it), leads out of it once its symbolic
// links are followed (the file itself, or a folder on its way), and where
// to. A pull request can commit such a link where CI writes a report
// (tendays.sarif, reports/), so whoever named the output, it is never
// followed out. A path named outside the working folder is the user's
// choice: its links are theirs.
func escapesWorkdir(path string) (real string, out bool) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", false
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	wdReal, err := filepath.EvalSymlinks(wd)
	if err != nil {
		wdReal = wd
	}
	if !Within(wd, abs) && !Within(wdReal, abs) {
		return "", false
	}
	real = resolvedPath(abs)
	return real, !Within(wdReal, real)
}

// resolvedPath is abs with every symbolic link followed, as far as the
// path exists; the part that does not exist yet is kept as written.
func resolvedPath(abs string) string {
	rest := ""
	for p := abs; ; {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return abs
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// linkStaysHome reports whether target, what the link at path resolves to,
// lies inside the working folder or inside the folder path is in (both
// with their own links resolved: the user chose those).
func linkStaysHome(path, target string) bool {
	target, err := filepath.Abs(target)
	if err != nil {
		return false
	}
	var homes []string
	if wd, err := os.Getwd(); err == nil {
		homes = append(homes, wd)
	}
	if dir, err := filepath.Abs(filepath.Dir(path)); err == nil {
		homes = append(homes, dir)
	}
	for _, home := range homes {
		if real, err := filepath.EvalSymlinks(home); err == nil {
			home = real
		}
		if Within(home, target) {
			return true
		}
	}
	return false
}

// Within reports whether path is dir or lies under it, comparing cleaned
// absolute names (no links resolved).
func Within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Chosen reports whether an -o argument leaves the file's name to the
// toolkit: no -o at all, or a folder (see Dest).
func Chosen(arg string) bool { return arg == "" || IsDirArg(arg) }

// isStreamName reports whether path names one of the process's streams:
// /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N.
func isStreamName(path string) bool {
	p := filepath.ToSlash(filepath.Clean(path))
	return p == "/dev/stdout" || p == "/dev/stderr" || strings.HasPrefix(p, "/dev/fd/") || strings.HasPrefix(p, "/proc/self/fd/")
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeDevice != 0:
		return "block device"
	}
	return "special file (" + m.Type().String() + ")"
}

// writeThrough writes a file's data straight to a device or FIFO.
func writeThrough(path string, file File) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		if isStreamName(path) {
			// /dev/stdout of a process whose standard output is closed.
			return fmt.Errorf("write %s: the stream is closed or cannot be written (%w)", file.Path, unwrapPath(err))
		}
		return fmt.Errorf("write %s: %w", file.Path, unwrapPath(err))
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	err = file.Fill(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", file.Path, err)
	}
	return nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// WritesThrough reports whether writing path writes to a character device
// or FIFO (/dev/null, /dev/stdout, a pipe) rather than replacing a file:
// there is no "beside it" for such an output.
func WritesThrough(path string) bool {
	_, through, err := resolve(path, false)
	return err == nil && through
}

// Dest says where an -o argument puts a file whose own name would be
// defaultName: "-" is standard output (stdout true, path ""); a name ending
// in a slash, or an existing folder, is a folder to put defaultName in,
// created if need be; anything else is the file itself.
func Dest(arg, defaultName string) (path string, stdout bool, err error) {
	if arg == Stdout {
		return "", true, nil
	}
	if IsDirArg(arg) {
		if real, out := escapesWorkdir(arg); out {
			return "", false, linkOutside(arg, real)
		}
		if err := os.MkdirAll(arg, 0o755); err != nil {
			return "", false, fmt.Errorf("-o %s: %w", arg, unwrapPath(err))
		}
		return filepath.Join(arg, defaultName), false, nil
	}
	return arg, false, nil
}

// IsDirArg reports whether an -o argument names a folder: it ends in a
// slash or is an existing folder (links followed).
func IsDirArg(arg string) bool {
	if strings.HasSuffix(arg, "/") || strings.HasSuffix(arg, string(filepath.Separator)) {
		return true
	}
	fi, err := os.Stat(arg)
	return err == nil && fi.IsDir()
}

// WriteDest writes to what Dest made of the -o argument arg: standard
// output (w) when stdout, else the file, atomically, as a chosen name
// (File.Chosen) when arg left the name to the toolkit.
func WriteDest(arg, path string, stdout bool, w io.Writer, perm os.FileMode, fill func(io.Writer) error) error {
	if stdout {
		return fill(w)
	}
	return WriteAll(File{Path: path, Perm: perm, Fill: fill, Chosen: Chosen(arg)})
}

// ErrClobber is wrapped by the error for an output that is one of the run's
// inputs.
var ErrClobber = errors.New("the output would overwrite an input of this run")

// CheckClobber refuses outputs that are the same file as an input (links
// followed, relative or absolute, hard links: the same inode), or a folder
// holding one when replace is set for it. Missing files clash with nothing;
// standard output and input ("-", "") are skipped.
func CheckClobber(outputs, inputs []string) error {
	type seen struct {
		name string
		fi   fs.FileInfo
	}
	var ins []seen
	for _, in := range inputs {
		if in == "" || in == Stdout {
			continue
		}
		if fi, err := os.Stat(in); err == nil {
			ins = append(ins, seen{in, fi})
		}
	}
	for _, out := range slices.Compact(slices.Clone(outputs)) {
		if out == "" || out == Stdout {
			continue
		}
		fi, err := os.Stat(out)
		if err != nil {
			continue
		}
		if fi.Mode()&(fs.ModeCharDevice|fs.ModeNamedPipe) != 0 {
			continue // written through: /dev/null is nobody's input
		}
		for _, in := range ins {
			if os.SameFile(fi, in.fi) {
				return fmt.Errorf("%s: %w (%s): write it elsewhere", out, ErrClobber, in.name)
			}
		}
	}
	return nil
}
