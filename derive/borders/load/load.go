// Package load reads borders as designers get them into one layer: a file,
// several, a folder, a glob or a .zip, each of GeoJSON, TopoJSON, Shapefile
// (.shp with its .dbf, .prj, .cpg) or GeoPackage, reprojected to WGS 84,
// their features settled in one id space and, with borders.Options.Dissolve,
// the pieces of a region joined.
//
// Reading is two steps, so that a rebuild can skip the second: Gather reads
// the bytes of every file the names lead to (within the input limit, each
// file and all together), and Parse decodes them with derive/borders,
// derive/borders/shapefile and derive/borders/geopackage. Files come from a
// Files: the operating system's (the command line's names) or an edition's
// folder (names inside it, links confined, through derive/folder, which
// records each file for the pack's provenance).
//
// A folder is read one level deep; a zip whole, every entry at any depth,
// with at most MaxZipEntries entries, no entry bigger than the input limit
// nor expanding more than MaxZipRatio times its compressed size, no name
// that climbs out of the zip (.., an absolute path); a zip in a zip is not
// opened.
package load

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/tendays/tendays/derive/borders"
	"github.com/tendays/tendays/derive/borders/shapefile"
	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/internal/safeio"
	"github.com/tendays/tendays/mapdata"
)

// Bounds on what one borders input may lead to.
const (
	MaxFiles      = 10_000 // files read in all, zip entries included
	MaxZipEntries = 10_000
	MaxZipRatio   = 200 // an entry expands at most this many times its compressed size (plus 1 MiB)
)

// Files is where names are looked up.
type Files interface {
	// ReadFile reads a file of at most max bytes; display is how messages
	// name it.
	ReadFile(name string, max int64) (data []byte, display string, err error)
	// Stat says whether name is a folder (and that it exists).
	Stat(name string) (fs.FileInfo, error)
	// ReadDir lists a folder; Glob expands a pattern (path.Match syntax).
	ReadDir(name string) ([]fs.DirEntry, error)
	Glob(pattern string) ([]string, error)
	// Join names a file of a folder.
	Join(dir, name string) string
	// Display is how messages name a name not read (a folder, a pattern).
	Display(name string) string
}

// Kind is a borders format.
type Kind int

const (
	GeoJSON    Kind = iota // or TopoJSON: sniffed from its content
	Shapefile              // .shp, with the .dbf, .prj, .cpg beside it
	GeoPackage             // .gpkg
	Zip
)

// kindOf is the format a file's extension says, or false for a file that
// is no borders file (a .dbf beside a .shp, a README).
func kindOf(name string) (Kind, bool) {
	switch strings.ToLower(path.Ext(name)) {
	case ".geojson", ".json", ".topojson":
		return GeoJSON, true
	case ".shp":
		return Shapefile, true
	case ".gpkg":
		return GeoPackage, true
	case ".zip":
		return Zip, true
	}
	return 0, false
}

// Extensions lists in words the files a borders input may name.
const Extensions = ".geojson, .json, .topojson, .shp (with its .dbf, .prj, .cpg), .gpkg or .zip"

// File is one file read.
type File struct {
	Name    string // as Files names it (a zip entry: "x.zip/inner/name.shp")
	Display string // as messages name it
	Kind    Kind
	Data    []byte
	// Sidecars are a Shapefile's other parts, by lower-case extension
	// (".dbf", ".prj", ".cpg").
	Sidecars map[string][]byte
	// Zip is the zip the file came from ("" for a file of its own).
	Zip string
}

// Set is every file a borders input leads to, read.
type Set struct {
	Name  string // the input as messages name it (the one name, or "a, b, ...")
	Files []File // the borders files, in the order they are read
	// Read are the files read as they are on disk (a zip, not its
	// entries; a Shapefile's parts), for provenance and for copying.
	Read []mapdata.Input
	// Source names the files read, by Read's paths.
	Source map[string][]byte
}

// Key is a digest of the whole set: the same files with the same bytes
// have the same key.
func (s *Set) Key() string {
	h := sha256.New()
	for _, in := range s.Read {
		fmt.Fprintf(h, "%s\x00%s\x00", in.Path, in.SHA256)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Single says the set is one GeoJSON or TopoJSON file read as it is.
func (s *Set) Single() bool {
	return len(s.Files) == 1 && s.Files[0].Kind == GeoJSON && s.Files[0].Zip == ""
}

// gatherer reads a set within its bounds.
type gatherer struct {
	files     Files
	max, left int64
	set       *Set
	seen      map[string]bool
}

func (g *gatherer) read(name string) ([]byte, string, error) {
	data, display, err := g.files.ReadFile(name, min(g.max, g.left))
	if err != nil {
		if errors.Is(err, safeio.ErrTooBig) && g.left < g.max {
			return nil, display, fmt.Errorf("%s: the borders' files are together more than the %d bytes they may be (%d times --max-input)", display, 4*g.max, 4)
		}
		return nil, display, err
	}
	g.left -= int64(len(data))
	sum := sha256.Sum256(data)
	g.set.Read = append(g.set.Read, mapdata.Input{Path: name, SHA256: hex.EncodeToString(sum[:]), Bytes: int64(len(data))})
	g.set.Source[name] = data
	return data, display, nil
}

func (g *gatherer) errorf(name, format string, args ...any) error {
	return &diag.InputError{Position: diag.Position{File: g.files.Display(name)}, Msg: fmt.Sprintf(format, args...)}
}

// Gather reads every file the names lead to: a file by its extension, a
// folder's borders files, a glob's matches, a zip's entries. Each file is
// at most max bytes (0: mapdata.DefaultMaxInput), all together at most
// four times that.
func Gather(files Files, names []string, max int64) (*Set, error) {
	if max <= 0 {
		max = mapdata.DefaultMaxInput
	}
	g := &gatherer{files: files, max: max, left: 4 * max, set: &Set{Source: map[string][]byte{}}, seen: map[string]bool{}}
	var shown []string
	for _, n := range names {
		shown = append(shown, files.Display(n))
		if err := g.name(n); err != nil {
			return nil, err
		}
	}
	if len(g.set.Files) == 0 {
		return nil, &diag.InputError{Position: diag.Position{File: strings.Join(shown, ", ")}, Msg: "no borders file to read (" + Extensions + ")"}
	}
	g.set.Name = strings.Join(shown, ", ")
	return g.set, nil
}

// name reads what one name leads to.
func (g *gatherer) name(n string) error {
	if strings.ContainsAny(n, "*?[") {
		matches, err := g.files.Glob(n)
		if err != nil {
			return g.errorf(n, "not a pattern: %v", err)
		}
		sort.Strings(matches)
		count := 0
		for _, m := range matches {
			if _, ok := kindOf(m); ok {
				if err := g.file(m); err != nil {
					return err
				}
				count++
			}
		}
		if count == 0 {
			return g.errorf(n, "the pattern matches no borders file (%s)", Extensions)
		}
		return nil
	}
	if fi, err := g.files.Stat(n); err != nil || !fi.IsDir() {
		// A file (or what is missing): reading it says what is wrong. A
		// name of another extension is read as GeoJSON or TopoJSON, as
		// it always was.
		return g.file(n)
	}
	entries, err := g.files.ReadDir(n)
	if err != nil {
		return g.errorf(n, "%v", err)
	}
	count := 0
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if _, ok := kindOf(e.Name()); ok {
			if err := g.file(g.files.Join(n, e.Name())); err != nil {
				return err
			}
			count++
		}
	}
	if count == 0 {
		return g.errorf(n, "the folder holds no borders file (%s)", Extensions)
	}
	return nil
}

func (g *gatherer) file(n string) error {
	if g.seen[n] {
		return nil
	}
	g.seen[n] = true
	if len(g.set.Read) >= MaxFiles {
		return g.errorf(n, "more than %d files", MaxFiles)
	}
	kind, _ := kindOf(n) // GeoJSON for an extension not known
	data, display, err := g.read(n)
	if err != nil {
		return err
	}
	switch kind {
	case Zip:
		return g.zip(n, display, data)
	case Shapefile:
		f := File{Name: n, Display: display, Kind: Shapefile, Data: data, Sidecars: map[string][]byte{}}
		base := strings.TrimSuffix(n, path.Ext(n))
		for _, ext := range []string{".dbf", ".prj", ".cpg"} {
			for _, cand := range []string{base + ext, base + strings.ToUpper(ext)} {
				if _, err := g.files.Stat(cand); err != nil {
					continue
				}
				side, _, err := g.read(cand)
				if err != nil {
					return err
				}
				f.Sidecars[ext] = side
				break
			}
		}
		if f.Sidecars[".dbf"] == nil {
			return g.errorf(n, "a Shapefile needs its .dbf beside it (%s)", path.Base(base)+".dbf")
		}
		g.set.Files = append(g.set.Files, f)
	default:
		g.set.Files = append(g.set.Files, File{Name: n, Display: display, Kind: kind, Data: data})
	}
	return nil
}

// zip reads a zip's borders files, each entry bounded.
func (g *gatherer) zip(n, display string, data []byte) error {
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return g.errorf(n, "not a zip: %v", err)
	}
	if len(z.File) > MaxZipEntries {
		return g.errorf(n, "the zip has %d entries, more than the %d it may have", len(z.File), MaxZipEntries)
	}
	entries := map[string]*zip.File{}
	var names []string
	for _, e := range z.File {
		name := strings.ReplaceAll(e.Name, "\\", "/")
		if strings.HasPrefix(name, "/") || !fs.ValidPath(strings.TrimSuffix(name, "/")) {
			return g.errorf(n, "the zip's entry %q climbs out of the zip (an absolute path or ..)", diag.OneLine(e.Name))
		}
		if e.FileInfo().IsDir() || strings.HasPrefix(name, "__MACOSX/") || strings.HasPrefix(path.Base(name), ".") {
			continue
		}
		entries[strings.ToLower(name)] = e
		names = append(names, name)
	}
	sort.Strings(names)
	readEntry := func(name string) ([]byte, error) {
		e := entries[strings.ToLower(name)]
		if e.UncompressedSize64 > uint64(min(g.max, g.left)) {
			return nil, g.errorf(n, "the zip's entry %q is %d bytes, more than the %d a file may be (raise --max-input)", diag.OneLine(name), e.UncompressedSize64, min(g.max, g.left))
		}
		r, err := e.Open()
		if err != nil {
			return nil, g.errorf(n, "the zip's entry %q: %v", diag.OneLine(name), err)
		}
		defer r.Close()
		// Counted while reading: the size a zip claims may lie.
		limit := min(min(g.max, g.left), int64(e.CompressedSize64)*MaxZipRatio+1<<20)
		b, err := safeio.Read(r, limit, int64(e.UncompressedSize64))
		if err != nil {
			if errors.Is(err, safeio.ErrTooBig) {
				return nil, g.errorf(n, "the zip's entry %q expands to more than %d bytes (%d times its compressed size, or the input limit): refused as a zip bomb", diag.OneLine(name), limit, MaxZipRatio)
			}
			return nil, g.errorf(n, "the zip's entry %q: %v", diag.OneLine(name), err)
		}
		g.left -= int64(len(b))
		return b, nil
	}
	count := 0
	for _, name := range names {
		kind, ok := kindOf(name)
		if !ok {
			continue
		}
		if kind == Zip {
			return g.errorf(n, "the zip holds another zip, %q: unzip it first", diag.OneLine(name))
		}
		if len(g.set.Files) >= MaxFiles {
			return g.errorf(n, "more than %d files", MaxFiles)
		}
		b, err := readEntry(name)
		if err != nil {
			return err
		}
		f := File{Name: n + "/" + name, Display: display + "/" + name, Kind: kind, Data: b, Zip: n}
		if kind == Shapefile {
			f.Sidecars = map[string][]byte{}
			base := strings.TrimSuffix(name, path.Ext(name))
			for _, ext := range []string{".dbf", ".prj", ".cpg"} {
				if _, ok := entries[strings.ToLower(base+ext)]; ok {
					side, err := readEntry(base + ext)
					if err != nil {
						return err
					}
					f.Sidecars[ext] = side
				}
			}
			if f.Sidecars[".dbf"] == nil {
				return g.errorf(n, "the zip's Shapefile %q has no .dbf beside it", diag.OneLine(name))
			}
		}
		g.set.Files = append(g.set.Files, f)
		count++
	}
	if count == 0 {
		return g.errorf(n, "the zip holds no borders file (%s)", Extensions)
	}
	return nil
}

// Options say how to read a set.
type Options struct {
	borders.Options
	// Layer is the GeoPackage layer to read ("": the first with polygons).
	Layer string
}

// Result is a set read into one layer.
type Result struct {
	Layer    *borders.Layer
	Findings []diag.Finding
	// Reprojected says some file was not in WGS 84 longitude/latitude.
	Reprojected bool
}

// Parse decodes every file of a set and settles their features as one
// layer. An error is a file that cannot be read at all.
func Parse(set *Set, opts Options) (*Result, error) {
	res := &Result{}
	var parts []*borders.Part
	for _, f := range set.Files {
		switch f.Kind {
		case GeoJSON:
			part, findings, err := borders.DecodePart(f.Display, f.Data, opts.Options)
			if err != nil {
				res.Findings = append(res.Findings, findings...)
				return res, err
			}
			parts = append(parts, part)
		case Shapefile:
			r, err := shapefile.Read(shapefile.Files{Name: f.Display, SHP: f.Data, DBF: f.Sidecars[".dbf"], PRJ: f.Sidecars[".prj"], CPG: f.Sidecars[".cpg"]})
			if err != nil {
				return res, err
			}
			res.Findings = append(res.Findings, r.Findings...)
			res.Reprojected = res.Reprojected || !r.CRS.IsWGS84()
			parts = append(parts, r.Part)
		case GeoPackage:
			r, err := readGeoPackage(f.Display, f.Data, opts.Layer)
			if err != nil {
				return res, err
			}
			res.Findings = append(res.Findings, r.Findings...)
			res.Reprojected = res.Reprojected || !r.CRS.IsWGS84()
			parts = append(parts, r.Part)
		}
	}
	layer, findings := borders.Settle(set.Name, parts, opts.Options)
	res.Layer = layer
	for _, f := range findings {
		if f.Rule == borders.RuleCRS {
			res.Reprojected = true
		}
	}
	res.Findings = append(res.Findings, findings...)
	return res, nil
}

// Load is Gather then Parse.
func Load(files Files, names []string, max int64, opts Options) (*Set, *Result, error) {
	set, err := Gather(files, names, max)
	if err != nil {
		return nil, nil, err
	}
	res, err := Parse(set, opts)
	return set, res, err
}
