package export

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tendays/tendays/internal/safeio"
)

// A folder an export owns (an npm package, a static site) is written as a
// data package is, by a lighter rule: a new folder is made whole; an
// existing one is written into only when it is empty, or holds nothing but
// files of this export and its marker file carries the mark an export
// wrote (so a project's own package.json or index.html is never written
// over); anything else is refused with every file kept.

// maxMarker bounds the marker file read back.
const maxMarker = 1 << 20

// writeOwnFolder writes files as the folder out; marker names the file
// among them that carries mark.
func writeOwnFolder(out string, files []File, o owned) ([]string, error) {
	marker, mark, what := o.marker, o.mark, o.what
	if err := parentExists(out); err != nil {
		return nil, err
	}
	fi, err := os.Stat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return writeNewFolder(out, files)
	case err != nil:
		return nil, fmt.Errorf("%w: -o %s: %v", ErrOutput, out, err)
	case !fi.IsDir():
		return nil, fmt.Errorf("%w: -o %s is a file; a %s is a folder", ErrOutput, out, what)
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		return nil, fmt.Errorf("%w: -o %s: %v", ErrOutput, out, err)
	}
	refuse := func(why string) error {
		return fmt.Errorf("%w: -o %s: %s; tendays writes a %s only into a new or empty folder or over one it wrote: move it away, or choose another -o", ErrOutput, out, why, what)
	}
	if len(entries) > 0 {
		written := map[string]bool{}
		for _, f := range files {
			written[f.Name] = true
		}
		var foreign []string
		for _, e := range entries {
			if !written[e.Name()] || !e.Type().IsRegular() {
				foreign = append(foreign, e.Name())
			}
		}
		if len(foreign) > 0 {
			return nil, refuse(fmt.Sprintf("the folder holds %s, not written by this export", listNames(foreign)))
		}
		data, err := safeio.ReadFile(filepath.Join(out, marker), maxMarker)
		if err != nil || !bytes.Contains(data, mark) {
			return nil, refuse(fmt.Sprintf("its %s was not written by tendays export", marker))
		}
	}
	return writeSet(out, files)
}

// owned is how a folder format marks its folder: the file and the text in
// it, and what the folder is, for messages.
type owned struct {
	marker string
	mark   []byte
	what   string
}

func ownMarker(format string) owned {
	switch format {
	case Site:
		return owned{"index.html", []byte(SiteMark), "static site"}
	case BoardgameIO:
		return owned{"package.json", []byte(PackageMark), "boardgame.io package"}
	}
	return owned{what: "data package"}
}
