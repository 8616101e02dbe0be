// Package urlpass finds the password of a URL inside any text, by the text
// alone. net/url's Redacted needs a URL that parses, and the URLs whose
// password must not be echoed include those that do not ("port 99999", a
// bad escape after the password): the error saying so quoted them whole.
// It is the one place that says where a URL's password is, for recordings
// and for messages alike.
package urlpass

import (
	"net"
	"strings"
)

// Masked is what Mask puts for a password in a message a person reads:
// what net/url's URL.Redacted writes, so a URL reads the same whether it
// parsed or not.
const Masked = "xxxxx"

// Span is a part of a string, s[From:To].
type Span struct{ From, To int }

// Userinfo finds the userinfo of the URL authority starting at s[start]:
// the span up to its '@' (To is the index of the '@'), and the index of the
// colon before the password (-1 without one). The authority ends at '/',
// '?', '#', a space, a double quote or an angle bracket; its last '@' ends
// the userinfo. A single quote does not end it: it is a character a
// password may hold ("http://ann:it's@host" is a URL as typed).
func Userinfo(s string, start int) (Span, int, bool) {
	end := start
	for end < len(s) && !strings.ContainsRune("/?#\" \t\r\n<>", rune(s[end])) {
		end++
	}
	at := strings.LastIndexByte(s[start:end], '@')
	if at <= 0 {
		return Span{}, -1, false
	}
	ui := Span{start, start + at}
	colon := strings.IndexByte(s[ui.From:ui.To], ':')
	if colon < 0 {
		return ui, -1, true
	}
	return ui, ui.From + colon, true
}

// Mask replaces the password of every URL in s (scheme://user:password@host)
// with with, and leaves every other byte as it was.
func Mask(s, with string) string {
	var b strings.Builder
	last := 0
	for i := 0; ; {
		j := strings.Index(s[i:], "://")
		if j < 0 {
			break
		}
		start := i + j + 3
		i = start
		ui, colon, ok := Userinfo(s, start)
		if !ok || colon < 0 {
			continue
		}
		b.WriteString(s[last : colon+1])
		b.WriteString(with)
		last = ui.To
		i = ui.To
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// Typed is Mask for a server's address as the user typed it, which may
// lack its scheme ("ann:pw@host:8811" is read as http://ann:pw@host:8811).
func Typed(raw string) string {
	if strings.Contains(raw, "://") {
		return Mask(raw, Masked)
	}
	const scheme = "http://"
	return strings.TrimPrefix(Mask(scheme+raw, Masked), scheme)
}

// Broken finds a password that holds a '/', '?' or '#' in a URL that did
// not parse: those end the authority, so Userinfo sees no userinfo at all
// ("http://ann:pa/ss@host" reads as host "ann:pa" and a path), and
// url.Parse's error quotes the password's start as a port. When s's
// authority, read up to its last '@' whatever comes before, holds a
// password that Userinfo does not find, it returns s with that password
// masked, the password's text up to its first such character (what an
// error may quote), and true. An '@' after the first '/' is the path's
// when what precedes it reads as host:port ("http://127.0.0.1:99999x/a@b"
// has a wrong port, no password): see portTypo.
func Broken(s string) (masked, head string, ok bool) {
	i := strings.Index(s, "://")
	if i < 0 {
		return s, "", false
	}
	start := i + 3
	if _, colon, found := Userinfo(s, start); found && colon >= 0 {
		return s, "", false
	}
	at := strings.LastIndexByte(s[start:], '@')
	if at <= 0 {
		return s, "", false
	}
	colon := strings.IndexByte(s[start:start+at], ':')
	if colon < 0 {
		return s, "", false
	}
	pw := s[start+colon+1 : start+at]
	end := strings.IndexAny(pw, "/?#")
	if end < 0 {
		return s, "", false
	}
	if portTypo(s[start:start+colon], pw[:end]) {
		return s, "", false
	}
	return s[:start+colon+1] + Masked + s[start+at:], pw[:end], true
}

// portTypo says whether user:pw, the text before the authority's first '/',
// '?' or '#', reads as host:port rather than user:password: the user part
// is an IP address or localhost, and the password starts with a digit.
// Both readings fail url.Parse the same way; this one takes
// "127.0.0.1:99999x" for the bad port a person mistyped. A dotted name is
// not enough: "first.last:1/x@host" is a user, and reading it as a port
// would quote the password's start.
func portTypo(user, pw string) bool {
	if pw == "" || pw[0] < '0' || pw[0] > '9' {
		return false
	}
	return net.ParseIP(strings.Trim(user, "[]")) != nil || strings.EqualFold(user, "localhost")
}
