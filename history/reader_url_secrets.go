package history

import (
	"strings"

	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// A recording's header URL is written with its password redacted, always,
// and with its query credentials redacted unless the session was recorded
// with --record-secrets. A file edited by hand or forged (a teammate's "bug
// report") may hold them all the same, in its header and in its records'
// URLs; a reader shows it as the recorder would have written it, so that
// sessions, export and replay print no credential into a transcript meant
// to be shared. The file itself is left as it is.

// urlSecret reports whether h's URL holds a credential the recorder would
// not have written: a password, or, unless it recorded secrets, a query
// credential whose value is not already Redacted.
func urlSecret(h Header) bool {
	if hasPassword(h.URL) {
		return true
	}
	if h.Redacts == "none" {
		return false
	}
	for _, p := range urlpass.QueryParams(h.URL) {
		if p.Value != Redacted {
			return true
		}
	}
	return false
}

// urlRedactor is the redactor of the credentials urlSecret found in h's
// URL, learning nothing more; nil when it found none. A recording made
// with --record-secrets keeps its query credentials: the redactor is of
// the URL without its query.
func urlRedactor(h Header) *redactor {
	if !urlSecret(h) {
		return nil
	}
	u := h.URL
	if h.Redacts == "none" {
		u, _, _ = strings.Cut(u, "?")
	}
	red := newRedactor(RecordOptions{}, u)
	red.fixed = true
	return red
}

// shownHeader is h as a reader shows it: its URL's credentials redacted
// (urlRedactor).
func shownHeader(h Header) Header {
	if red := urlRedactor(h); red != nil {
		return red.header(h)
	}
	return h
}
