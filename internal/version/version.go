// Package version names this build of tendays. Packs record it in their
// provenance and reports in their envelopes. It is a constant, not a build
// stamp, so that building twice gives the same bytes.
package version

const (
	Tool    = "tendays"
	Version = "0.1.0"
	URL     = "https://github.com/tendays/tendays"
)
