package mcp

import (
	"net/http"
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
		if vs := h.Values(l.name); len(vs) > 0 && !strings.EqualFold(strings.Join(vs, ", "), l.sent) {
			b.WriteString("; the -H " + l.name + ": " + HeaderQuote(strings.Join(vs, ", ")) + " given replaced the " + l.sent +
				" every POST is sent with, which a server may refuse (" + l.refused + "): leave that -H out")
		}
	}
	return b.String()
}
