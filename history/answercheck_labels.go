package history

import (
	"net/http"
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// labels checks the Content-Type headers of one 2xx answer: two naming
// different types ("application/json", then "text/event-stream") are read
// by the first here, so the answer works, where a client on fetch joins
// them and reads another kind. Said once per session.
func (c *AnswerCheck) labels(r *mcp.Record) (Problem, bool) {
	h := r.HTTP
	if c.twoTypes != nil || h.Status < 200 || h.Status > 299 || !differentTypes(h.Headers) {
		return Problem{}, false
	}
	c.twoTypes = &Problem{Level: LevelWarning, Seq: r.Seq, Fact: &advice.Fact{Cause: mcp.CauseTwoContentTypes},
		Message: "the server labelled an answer " + sanitize.Line(mcp.ContentTypeWords(http.Header(h.Headers))) + ": mcpscope read it by the first"}
	return *c.twoTypes, true
}

// maxCharsets bounds the charsets said in one session: a server labelling
// each answer with another would otherwise grow the list without end.
const maxCharsets = 8

// charset checks one JSON answer read as UTF-8 though labelled another
// charset (HTTPExchange.Charset): its strings show U+FFFD where its bytes
// were, and this says why. Said once per session for each charset, not
// for each answer.
func (c *AnswerCheck) charset(r *mcp.Record) (Problem, bool) {
	words := r.HTTP.CharsetWords()
	if words == "" || len(c.charsets) >= maxCharsets {
		return Problem{}, false
	}
	msg := sanitize.Line("a JSON answer held bytes that are not UTF-8: " + words)
	// Charset names are case-insensitive (RFC 2978): ISO-8859-1 after
	// iso-8859-1 is the same charset, not one more to say.
	if slices.ContainsFunc(c.charsets, func(p Problem) bool { return strings.EqualFold(p.Message, msg) }) {
		return Problem{}, false
	}
	p := Problem{Level: LevelWarning, Seq: r.Seq, Message: msg,
		Hint: "the server must send JSON as UTF-8: a client that decodes it by its label reads other text than one that reads it as UTF-8"}
	c.charsets = append(c.charsets, p)
	return p, true
}

// differentTypes reports whether recorded headers h hold Content-Types
// that net/http and a client on fetch read as different kinds: net/http
// takes the first; fetch joins them with ", " and the TypeScript SDK reads
// the joined value as an event stream when it names text/event-stream
// anywhere, else as JSON when it names application/json. A second label
// that is empty, or a first that is already text/event-stream, is read
// alike by both, and the warning's "works here, fails there" would not be
// true.
func differentTypes(h map[string][]string) bool {
	hdr := http.Header(h)
	vs := hdr.Values("Content-Type")
	if len(vs) < 2 {
		return false
	}
	// MediaType reads the first, as net/http does.
	return kindOf(mcp.MediaType(hdr)) != kindOf(strings.ToLower(strings.Join(vs, ", ")))
}

// kindOf is how the TypeScript SDK reads a Content-Type value: an event
// stream, JSON, or neither.
func kindOf(ct string) string {
	switch {
	case strings.Contains(ct, "text/event-stream"):
		return "sse"
	case strings.Contains(ct, "application/json"):
		return "json"
	}
	return ""
}
