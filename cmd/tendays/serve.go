package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/export/board"
	"github.com/tendays/tendays/lint"
	"github.com/tendays/tendays/mapdata"
	"github.com/tendays/tendays/studio"
)

func init() { register(newServeCmd) }

type serveOptions struct {
	IO        *IOStreams
	Global    *globalOptions
	Target    string // an edition folder, a bundled edition's name or a pack file
	Addr      string
	AllowEdit bool
	// Context ends the server (tests); nil: it runs until the process is
	// stopped.
	Context context.Context
}

func newServeCmd(io *IOStreams, g *globalOptions) *cobra.Command {
	opts := &serveOptions{IO: io, Global: g}
	cmd := &cobra.Command{
		Use:   "serve [EDITION|PACK]",
		Short: "Open the studio: a local web app to see, check and play an edition",
		Long: `Serve the studio, a web app on this machine: the board (the picture the SVG
export draws), each region's facts and links, a journey bar that checks
journeys as journey check does, the lint findings pinned on their regions, the
doctor's report, and games against the bots.

With an edition folder it rebuilds on every save and the open pages update in
place. Without an argument it serves the edition in the current folder.

The first line on standard output is "serving http://HOST:PORT/"; with
--addr 127.0.0.1:0 a free port is chosen. The studio listens on a loopback
address only, answers only requests for that address, refuses cross-origin
writes, and writes a file only with --allow-edit: the edition's edition.yaml,
when a doctor's proposal is applied. The JSON API the page uses is described
in docs/studio.md.`,
		Example: `  tendays serve usa
  tendays serve ./my-edition --allow-edit
  tendays serve europe.pack.json --addr 127.0.0.1:0`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Target = "."
			if len(args) == 1 {
				opts.Target = args[0]
			}
			return runServe(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "listen on this loopback `host:port` (port 0: a free one)")
	cmd.Flags().BoolVar(&opts.AllowEdit, "allow-edit", false, "let the page apply the doctor's proposals to edition.yaml")
	return cmd
}

func runServe(opts *serveOptions) error {
	host, _, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		return usageErrorf("--addr %q: want host:port, such as 127.0.0.1:8080", opts.Addr)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return usageErrorf("--addr %s: the studio listens on this machine only (127.0.0.1, ::1 or localhost)", opts.Addr)
	}
	so, err := studioOptions(opts)
	if err != nil {
		return err
	}
	ctx := opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	srv, err := studio.New(ctx, so)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return usageErrorf("--addr %s: %v", opts.Addr, err)
	}
	fmt.Fprintf(opts.IO.Out, "serving http://%s/\n", ln.Addr())
	if f, ok := opts.IO.Out.(interface{ Sync() error }); ok {
		_ = f.Sync()
	}
	return srv.Serve(ctx, ln)
}

// studioOptions wires the studio to the edition or pack: how to (re)build
// it, which files to watch, the doctor.
func studioOptions(opts *serveOptions) (studio.Options, error) {
	so := studio.Options{AllowEdit: opts.AllowEdit}
	so.OnBuild = func(version int, took time.Duration, err error) {
		if err != nil {
			fmt.Fprintf(opts.IO.ErrOut, "tendays: rebuild failed, the page keeps build %d: %v\n", version, err)
			return
		}
		fmt.Fprintf(opts.IO.ErrOut, "rebuilt %s (build %d) in %d ms\n", opts.Target, version, took.Milliseconds())
	}
	if isEditionPath(opts.Target) {
		src, err := openEdition(opts.Target)
		if err != nil {
			return so, err
		}
		if src.Bundled && opts.AllowEdit {
			return so, usageErrorf("--allow-edit: %s is a bundled edition, which cannot be edited (copy its folder and serve that)", opts.Target)
		}
		so.Load = func(context.Context) (*studio.Build, error) { return loadEditionBuild(opts, src) }
		so.Doctor = newStudioAdvise(opts, src, "")
		if !src.Bundled {
			dir := filepath.FromSlash(src.Dir)
			so.Watch = func() []string { return editionFiles(dir) }
			so.Doctor = newStudioAdvise(opts, src, filepath.Join(dir, editionFile))
		}
		return so, nil
	}
	if opts.AllowEdit {
		return so, usageErrorf("--allow-edit needs an edition folder: a pack is not edited")
	}
	path := opts.Target
	so.Load = func(context.Context) (*studio.Build, error) { return loadPackBuild(opts, path) }
	so.Doctor = newStudioAdvise(opts, nil, "")
	so.Watch = func() []string { return []string{path, mapdata.BoardPathFor(path)} }
	return so, nil
}

// loadEditionBuild builds an edition as build does, without writing.
func loadEditionBuild(opts *serveOptions, src *editionSource) (*studio.Build, error) {
	var cfg *lint.Config
	if !src.Bundled {
		var err error
		if cfg, err = lint.FindConfig(opts.Target); err != nil {
			return nil, err
		}
	}
	b := &studio.Build{Source: src.Dir}
	if isNetworkEdition(src, opts.Global) {
		t, res, err := buildNetworkEdition(src, opts.Global)
		if err != nil {
			return nil, err
		}
		b.Findings = cfg.Apply(lint.Check(t))
		if res != nil {
			b.Network = res.Pack
			if b.Land, err = networkLand(res.Pack); err != nil {
				return nil, err
			}
		}
		return b, nil
	}
	t, res, err := buildEdition(src, opts.Global)
	if err != nil {
		return nil, err
	}
	b.Findings = cfg.Apply(lint.Check(t))
	b.Unplayable = unplayable(b.Findings)
	if res != nil {
		b.Pack = res.Pack
		data, err := mapdata.EncodeBoard(res.Board)
		if err != nil {
			return nil, fmt.Errorf("%s: the board: %w", src.Dir, err)
		}
		if b.Board, err = board.Decode(src.Dir+" (board)", data); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// loadPackBuild reads a pack file, lints it, and reads the board beside it
// when there is one.
func loadPackBuild(opts *serveOptions, path string) (*studio.Build, error) {
	cfg, err := lint.FindConfig(path)
	if err != nil {
		return nil, err
	}
	t, err := loadLintTarget(path, opts.Global)
	if err != nil {
		return nil, err
	}
	b := &studio.Build{Source: filepath.ToSlash(path), Pack: t.Pack, Network: t.Network, Findings: cfg.Apply(lint.Check(t))}
	b.Unplayable = unplayable(b.Findings)
	if b.Network != nil {
		if b.Land, err = networkLand(b.Network); err != nil {
			return nil, err
		}
	}
	if b.Pack != nil {
		bd, _, err := readBoard(mapdata.BoardPathFor(path), opts.Global.limit(mapdata.DefaultMaxInput))
		switch {
		case err == nil:
			b.Board = bd
		case !errors.Is(err, fs.ErrNotExist):
			return nil, err
		}
	}
	return b, nil
}

// editionFiles lists the files of an edition folder (not in hidden
// folders, at most a few hundred): any of them may be one edition.yaml
// names.
func editionFiles(dir string) []string {
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && len(out) < 500 {
			out = append(out, p)
		}
		return nil
	})
	if _, err := os.Stat(filepath.Join(dir, editionFile)); err != nil {
		out = append(out, filepath.Join(dir, editionFile)) // its return is a change too
	}
	sort.Strings(out)
	return out
}

// unplayable says why journeys are not checked nor games played in the
// studio, as journey check and play refuse a pack with lint errors.
func unplayable(findings []diag.Finding) string {
	if errs := playErrors(findings); len(errs) > 0 {
		return fmt.Sprintf("the pack has %d lint error(s) (see the findings): journey check and play refuse it until they are fixed", len(errs))
	}
	return ""
}
