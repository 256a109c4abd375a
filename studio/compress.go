package studio

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// Responses go out compressed to a browser that takes gzip
// (Accept-Encoding), with "Vary: Accept-Encoding" so that no cache hands
// the compressed bytes to one that does not. The dynamic answers (games,
// journeys, the doctor) are compressed as they are written
// (klauspost/compress's gzhttp: the negotiation, Vary, the minimum size);
// the large ones made once a build (the view: 2.8 MB of Around the World's
// pictures, 0.8 MB compressed) are compressed once and kept, and carry an
// ETag, so that a reload of the page is answered 304 with no body. The
// event stream is never compressed: each event is flushed as it happens.

// compressMinSize: shorter answers go out as they are (a header costs
// more than gzip saves).
const compressMinSize = 1024

var gzipWrapper = func() func(http.Handler) http.HandlerFunc {
	w, err := gzhttp.NewWrapper(gzhttp.MinSize(compressMinSize), gzhttp.EnableZstd(false),
		gzhttp.ExceptContentTypes([]string{"text/event-stream", "font/woff2"}))
	if err != nil {
		panic("studio: the gzip wrapper: " + err.Error())
	}
	return w
}()

// compressed compresses what next answers, except the event stream.
func compressed(next http.Handler) http.Handler {
	gz := gzipWrapper(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/api/events" {
			next.ServeHTTP(w, r)
			return
		}
		gz(w, r)
	})
}

// encoded is a body made once (a build's view), with its gzip form made
// when a browser first asks for it, and its ETag.
type encoded struct {
	plain []byte
	etag  string

	once sync.Once
	gz   []byte
}

func newEncoded(body []byte) *encoded {
	sum := sha256.Sum256(body)
	return &encoded{plain: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`}
}

func (e *encoded) gzipped() []byte {
	e.once.Do(func() {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.DefaultCompression)
		_, _ = zw.Write(e.plain)
		_ = zw.Close()
		e.gz = b.Bytes()
	})
	return e.gz
}

// serve answers with the body, gzipped when the request takes it, or 304
// when the request already holds it (If-None-Match). The browser asks
// again each time (no-cache): a rebuild makes a new body.
func (e *encoded) serve(w http.ResponseWriter, r *http.Request, contentType string) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	body, etag := e.plain, e.etag
	gz := takesGzip(r)
	if gz {
		// Each encoding its own tag: a cache keeps the two apart.
		etag = strings.TrimSuffix(e.etag, `"`) + `-gz"`
	}
	h.Set("ETag", etag)
	if inm := r.Header.Get("If-None-Match"); inm != "" && etagMatch(inm, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if gz {
		body = e.gzipped()
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// etagMatch: If-None-Match lists the tag (or is "*").
func etagMatch(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// takesGzip reads Accept-Encoding: gzip (or *) listed with a weight above
// zero.
func takesGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "x-gzip" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(k, "q") {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		return q > 0
	}
	return false
}

// staticETags are the page's files' tags (a weak tag: the compressed and
// the plain bytes are the same file), so that http.FileServer answers a
// reload 304.
var staticETags = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	entries, _ := webFS.ReadDir("web")
	for _, e := range entries {
		data, err := webFS.ReadFile("web/" + e.Name())
		if err != nil {
			continue
		}
		sum := sha256.Sum256(data)
		out["/"+e.Name()] = `W/"` + hex.EncodeToString(sum[:12]) + `"`
	}
	out["/"] = out["/index.html"]
	return out
})

// withStaticETag sets the tag of the page's file a request names, and asks
// the browser to check it each time (no-cache: a new binary serves a new
// page).
func withStaticETag(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tag, ok := staticETags()[r.URL.Path]; ok {
			w.Header().Set("ETag", tag)
			w.Header().Set("Cache-Control", "no-cache")
		}
		next.ServeHTTP(w, r)
	})
}
