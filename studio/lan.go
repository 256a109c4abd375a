package studio

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/skip2/go-qrcode"
)

// The studio on a table's network (serve --lan). Off this machine anyone
// on the network can reach the port, so every request needs the table's
// token (Options.Token): the join link carries it once (/join?token=T),
// the studio answers with a cookie that holds it (HttpOnly, SameSite
// Strict: a page of another site neither reads it nor sends it) and the
// page's requests carry the cookie from then on. A script may send it as
// "Authorization: Bearer T". Without it every page and API answers 401,
// a wrong one 403.

// NewToken is a table's token: 128 bits from crypto/rand, in base64url
// (22 characters), too many to guess.
func NewToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("making the table's token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

// LANAddress is the address this machine has on its local network: the
// first private IPv4 address (10/8, 172.16/12, 192.168/16) of an interface
// that is up and not loopback, else its first other global IPv4 address.
func LANAddress() (net.IP, error) {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil, fmt.Errorf("listing the network interfaces: %w", err)
	}
	var public net.IP
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			ipn, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			ip := ipn.IP.To4()
			switch {
			case ip == nil || !ip.IsGlobalUnicast():
			case ip.IsPrivate():
				return ip, nil
			case public == nil:
				public = ip
			}
		}
	}
	if public == nil {
		return nil, errors.New("this machine has no address on a local network (no interface up with an IPv4 address)")
	}
	return public, nil
}

// JoinLink is the link that lets a device in: the served address and the
// token; with a game, the link opens that table (table.go), at the seat
// whose key it holds (none: as a spectator).
func (s *Server) JoinLink(gameID, seatKey string) string {
	q := url.Values{"token": {s.opts.Token}}
	if gameID != "" {
		q.Set("table", gameID)
	}
	if seatKey != "" {
		q.Set("seat", seatKey)
	}
	return "http://" + s.servedHost() + "/join?" + q.Encode()
}

// cookieName holds the port: two studios on one machine keep their own.
func (s *Server) cookieName() string {
	_, port, _ := net.SplitHostPort(s.servedHost())
	return "tendays-table-" + port
}

// sameToken compares in constant time (crypto/subtle): how long the
// comparison takes says nothing of how much of a guess was right.
func (s *Server) sameToken(got string) bool {
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(s.opts.Token)) == 1
}

// tokenGiven is the token a request carries (its cookie, or a bearer
// header), "" when none.
func (s *Server) tokenGiven(r *http.Request) string {
	if auth, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		return strings.TrimSpace(auth)
	}
	if c, err := r.Cookie(s.cookieName()); err == nil {
		return c.Value
	}
	return ""
}

// admit lets a request on a table's network through (true), or answers
// it: the join link sets the cookie and sends the device to the page
// (its seat's, when the link names one); a request without the token is
// answered 401, with a wrong one 403.
func (s *Server) admit(w http.ResponseWriter, r *http.Request) bool {
	if r.URL.Path == "/join" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		s.join(w, r)
		return false
	}
	got := s.tokenGiven(r)
	switch {
	case s.sameToken(got):
		return true
	case got == "":
		w.Header().Set("WWW-Authenticate", `Bearer realm="tendays table"`)
		refuse(w, r, http.StatusUnauthorized, "this studio is a table on the local network: open the join link its host shares (tendays serve --lan prints it, and its page shows it as a QR code)")
	default:
		refuse(w, r, http.StatusForbidden, "this is not the table's token: ask its host for the join link again")
	}
	return false
}

func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if !s.sameToken(q.Get("token")) {
		refuse(w, r, http.StatusForbidden, "this join link is not this table's: ask its host for the link again")
		return
	}
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(), Value: s.opts.Token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	// Only what was checked goes into the address: no open redirect.
	next := "/"
	if id, seat := q.Get("table"), q.Get("seat"); validKey(id) && validKey(seat) {
		next = "/?" + url.Values{"table": {id}, "seat": {seat}}.Encode()
	} else if validKey(id) && seat == "" {
		next = "/?" + url.Values{"table": {id}}.Encode()
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, next, http.StatusSeeOther)
}

// validKey is a game id or a seat's key as the studio makes them (hex).
func validKey(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// refuse answers an API request with JSON and a page with a line of text
// a person reads.
func refuse(w http.ResponseWriter, r *http.Request, code int, msg string) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		httpError(w, code, msg)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	fmt.Fprintln(w, "tendays studio: "+msg+".")
}

// QRCode is the join link as a QR code, for a phone's camera: a PNG of
// size × size pixels.
func QRCode(link string, size int) ([]byte, error) {
	return qrcode.Encode(link, qrcode.Medium, size)
}

// QRText is link's QR code drawn with block characters (two rows of
// modules a line), for a terminal.
func QRText(link string) (string, error) {
	q, err := qrcode.New(link, qrcode.Medium)
	if err != nil {
		return "", fmt.Errorf("the join link's QR code: %w", err)
	}
	return q.ToSmallString(false), nil
}

// getQR is GET /api/qr[?table=ID&seat=KEY]: the join link (of a seat, when
// named) as a PNG QR code, for the host's page to show the table.
func (s *Server) getQR(w http.ResponseWriter, r *http.Request) {
	if s.opts.Token == "" {
		httpError(w, http.StatusNotFound, "no join link: the studio serves this machine only (serve --lan shares it)")
		return
	}
	id, seat := r.URL.Query().Get("table"), r.URL.Query().Get("seat")
	if (id != "" && !validKey(id)) || (seat != "" && (id == "" || !validKey(seat))) {
		httpError(w, http.StatusBadRequest, "table and seat: want the ids the studio gave")
		return
	}
	png, err := QRCode(s.JoinLink(id, seat), 320)
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(png)
}
