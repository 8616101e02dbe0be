package mcp

import (
	"net/http"
	"slices"
	"strings"
)

// labelHeaders are the headers mcpscope labels every POST with, which a
// server reads to take the request: a -H of the user's replaces them (as
// curl's does), and a server refuses what is then labelled otherwise.
var labelHeaders = []struct{ name, sent, refused string }{
	{"Content-Type", "application/json", "415 Unsupported Media Type, or 400"},
	{"Accept", "application/json, text/event-stream", "406 Not Acceptable, or 400"},
}

// overriddenWords says, for a detection that failed, which of
// labelHeaders the user's headers replaced and what a server answers to
// that: "" when they replaced none. Detection's failure said only to
// check the URL, which was right.
func overriddenWords(h http.Header) string {
	var b strings.Builder
	for _, l := range labelHeaders {
		if vs := h.Values(l.name); len(vs) > 0 && !sameLabel(strings.Join(vs, ", "), l.sent) {
			b.WriteString("; the -H " + l.name + ": " + HeaderQuote(strings.Join(vs, ", ")) + " given replaced the " + l.sent +
				" every POST is sent with, which a server may refuse (" + l.refused + "): leave that -H out")
		}
	}
	return b.String()
}

// labelRefused reports a POST among the attempts answered with a status
// a server refuses a label it does not take with: a detection that failed
// otherwise (no connection, timeouts, 404s) is not the -H's doing,
// whatever it replaced.
func labelRefused(attempts []Attempt) bool {
	return slices.ContainsFunc(attempts, func(a Attempt) bool {
		return a.Method == http.MethodPost &&
			(a.Status == http.StatusBadRequest || a.Status == http.StatusNotAcceptable || a.Status == http.StatusUnsupportedMediaType)
	})
}

// sameLabel reports whether the label given says what sent does: the
// same media types, in any order, whatever their parameters
// ("application/json; charset=utf-8" is JSON as servers read it).
func sameLabel(given, sent string) bool {
	types := func(v string) []string {
		var out []string
		for _, part := range strings.Split(v, ",") {
			t, _, _ := strings.Cut(part, ";")
			if t = strings.ToLower(strings.TrimSpace(t)); t != "" {
				out = append(out, t)
			}
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(types(given), types(sent))
}
