package main

import (
	"context"
	"fmt"
	"github.com/tendays/tendays/advise"
	"net"
	"time"

	"github.com/spf13/cobra"

	"github.com/tendays/tendays/diag"
	"github.com/tendays/tendays/pipeline"
	"github.com/tendays/tendays/studio"
)

type serveOptions struct {
	IO        *IOStreams
	Global    *globalOptions
	Target    string // an edition folder, a bundled edition's name or a pack file
	Addr      string
	AllowEdit bool
	Lang      string
	// LAN serves the table's network (a LAN address, a token); LANEdit
	// lets the devices there apply the doctor's proposals too.
	LAN     bool
	LANEdit bool
	addrSet bool // --addr was given
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
in docs/studio.md.

With --lan it serves the table instead: it listens on this machine's address
on the local network (or the one --addr names; --addr :0 picks a free port
on it), prints "serving http://ADDR:PORT/" and then "join: LINK", the link
that lets a phone or a laptop at the table in (and its QR code on standard
error). Every page and API there needs the link's token (401 without it, 403
with a wrong one). --allow-edit is refused with --lan unless --lan-edit says
the devices at the table may edit too.`,
		Example: `  tendays serve usa
  tendays serve ./my-edition --allow-edit
  tendays serve europe.pack.json --addr 127.0.0.1:0
  tendays serve usa --lan`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Target = "."
			if len(args) == 1 {
				opts.Target = args[0]
			}
			opts.addrSet = cmd.Flags().Changed("addr")
			return runServe(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.Addr, "addr", "127.0.0.1:8080", "listen on this loopback `host:port` (port 0: a free one)")
	cmd.Flags().BoolVar(&opts.AllowEdit, "allow-edit", false, "let the page apply the doctor's proposals to edition.yaml")
	cmd.Flags().BoolVar(&opts.LAN, "lan", false, "serve the table: listen on this machine's LAN address, every request needing the join link's token")
	cmd.Flags().BoolVar(&opts.LANEdit, "lan-edit", false, "with --lan and --allow-edit: let the devices on the LAN apply the doctor's proposals too")
	cmd.Flags().StringVar(&opts.Lang, "lang", "", "region names in this `language` where the edition has them (default: the browser's)")
	return cmd
}

func runServe(ctx context.Context, opts *serveOptions) error {
	addr, err := listenAddress(opts)
	if err != nil {
		return err
	}
	so, err := studioOptions(opts)
	if err != nil {
		return err
	}
	if opts.LAN {
		if so.Token, err = studio.NewToken(); err != nil {
			return err
		}
	}
	srv, err := studio.New(ctx, so)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usageErrorf("--addr %s: %v", addr, err)
	}
	fmt.Fprintf(opts.IO.Out, "serving http://%s/\n", ln.Addr())
	if opts.LAN {
		srv.Handler(ln.Addr().String()) // the served address, for the link
		link := srv.JoinLink("", "")
		if qr, err := studio.QRText(link); err == nil {
			fmt.Fprintf(opts.IO.ErrOut, "scan to join the table:\n%s", qr)
		}
		fmt.Fprintf(opts.IO.Out, "join: %s\n", link)
	}
	if f, ok := opts.IO.Out.(interface{ Sync() error }); ok {
		_ = f.Sync()
	}
	// Ctrl-C or SIGTERM ends the context: the server shuts down cleanly
	// (exit 0).
	untilStopped.Store(true)
	defer untilStopped.Store(false)
	return srv.Serve(ctx, ln)
}

// listenAddress is where serve listens: --addr on loopback; with --lan the
// LAN address --addr names, or this machine's (LANAddress) with --addr's
// port.
func listenAddress(opts *serveOptions) (string, error) {
	host, port, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		return "", usageErrorf("--addr %q: want host:port, such as 127.0.0.1:8080", opts.Addr)
	}
	ip := net.ParseIP(host)
	if !opts.LAN {
		if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return "", usageErrorf("--addr %s: the studio listens on this machine only (127.0.0.1, ::1 or localhost); --lan serves a table on the local network", opts.Addr)
		}
		return opts.Addr, nil
	}
	if opts.AllowEdit && !opts.LANEdit {
		return "", usageErrorf("--allow-edit with --lan: editing stays on this machine; add --lan-edit to let the devices on the local network edit too")
	}
	if !opts.addrSet || host == "" {
		lan, err := studio.LANAddress()
		if err != nil {
			return "", usageErrorf("--lan: %v; name the address with --addr IP:PORT", err)
		}
		return net.JoinHostPort(lan.String(), port), nil
	}
	if ip == nil || ip.IsLoopback() || ip.IsUnspecified() {
		return "", usageErrorf("--addr %s with --lan: name this machine's one address on the local network (not loopback, not 0.0.0.0)", opts.Addr)
	}
	return opts.Addr, nil
}

// studioOptions wires the studio to the edition or pack through the
// pipeline (it rebuilds it, and watches the files it reads), and to the
// doctor.
func studioOptions(opts *serveOptions) (studio.Options, error) {
	bo := opts.Global.buildOptions()
	edition := ""
	if pipeline.IsEdition(opts.Target) {
		f, err := pipeline.OpenEdition(opts.Target, bo)
		if err != nil {
			return studio.Options{}, err
		}
		bundled := f.Bundled
		f.Close()
		if bundled && opts.AllowEdit {
			return studio.Options{}, usageErrorf("--allow-edit: %s is a bundled edition, which cannot be edited (copy its folder and serve that)", opts.Target)
		}
		edition = opts.Target
	} else if opts.AllowEdit {
		return studio.Options{}, usageErrorf("--allow-edit needs an edition folder: a pack is not edited")
	}
	// One cache for the rebuilds, the doctor's diagnoses and its trials:
	// none of them parses a borders file the others already have.
	bo.Cache = pipeline.NewCache()
	so := studio.Pipeline(pipeline.Source{Path: opts.Target, Stdin: opts.Global.In}, bo)
	so.AllowEdit = opts.AllowEdit
	so.Lang = opts.Lang
	so.Doctor = studio.NewAdvise(edition, bo, advise.Options{}) // the command line's defaults
	so.OnBuild = func(version int, took time.Duration, err error) {
		if err != nil {
			fmt.Fprintf(opts.IO.ErrOut, "tendays: rebuild failed, the page keeps build %d: %v\n", version, diag.OneLine(err.Error()))
			return
		}
		fmt.Fprintf(opts.IO.ErrOut, "rebuilt %s (build %d) in %d ms\n", opts.Target, version, took.Milliseconds())
	}
	return so, nil
}
