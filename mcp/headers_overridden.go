package mcp

import (
	"net/http"
	"slices"
	"strings"
)

// labelHeader is a header mcpscope labels its requests with, which a
// server reads to take them: a -H of the user's replaces it (as curl's
// does), and a server refuses what is then labelled otherwise, with the
// header's own status or 400.
type labelHeader struct {
	name    string
	sent    []labelSent
	status  int
	refused string
}

// labelSent is what mcpscope sends a label header as on the requests of
// one HTTP method, on one transport ("" for any).
type labelSent struct{ method, transport, value string }

var labelHeaders = []labelHeader{
	{"Content-Type", []labelSent{{http.MethodPost, "", "application/json"}}, http.StatusUnsupportedMediaType, "415 Unsupported Media Type, or 400"},
	// A legacy POST asks for nothing: its answer comes on the stream.
	{"Accept", []labelSent{
		{http.MethodPost, TransportStreamable, "application/json, text/event-stream"},
		{http.MethodPost, TransportStateless, "application/json, text/event-stream"},
		{http.MethodGet, "", "text/event-stream"},
	}, http.StatusNotAcceptable, "406 Not Acceptable, or 400"},
}

// sentOn is what l is sent as on a request of method on transport, and
// whether it is sent at all.
func (l labelHeader) sentOn(method, transport string) (string, bool) {
	for _, s := range l.sent {
		if s.method == method && (s.transport == "" || s.transport == transport) {
			return s.value, true
		}
	}
	return "", false
}

// relabelledWords says, of a request refused with status (probe: one of
// detection's), which of labelHeaders the user's headers (given) replaced
// on it such that the status may be the refusal of it, and what to do: ""
// when none did.
func relabelledWords(given http.Header, method, transport string, probe bool, status int) string {
	var b strings.Builder
	for _, l := range labelHeaders {
		b.WriteString(l.words(given, method, transport, probe, status))
	}
	return b.String()
}

// words is what relabelledWords says of l. A 400 to detection's
// server/discover is no refusal of a label: every TypeScript SDK server
// answers the probe so, however it is labelled.
func (l labelHeader) words(given http.Header, method, transport string, probe bool, status int) string {
	sent, labels := l.sentOn(method, transport)
	vs := given.Values(l.name)
	if !labels || len(vs) == 0 || sameLabel(strings.Join(vs, ", "), sent) {
		return ""
	}
	discover := probe && method == http.MethodPost && transport == TransportStateless
	if status != l.status && (status != http.StatusBadRequest || discover) {
		return ""
	}
	what := "every POST is"
	if method != http.MethodPost {
		what = "a " + method + " is"
	}
	return "; the -H " + l.name + ": " + HeaderQuote(strings.Join(vs, ", ")) + " given replaced the " + sent + " " + what +
		" sent with, which a server may refuse (" + l.refused + "): leave that -H out"
}

// overriddenWords says, for a detection that failed, which label headers
// the user's headers replaced on a request some probe was refused for,
// each header once: a detection that failed otherwise (no connection,
// timeouts, 404s) is not the -H's doing, whatever it replaced.
func overriddenWords(given http.Header, attempts []Attempt) string {
	var b strings.Builder
	for _, l := range labelHeaders {
		for _, a := range attempts {
			if w := l.words(given, a.Method, a.Transport, true, a.Status); w != "" {
				b.WriteString(w)
				break
			}
		}
	}
	return b.String()
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
