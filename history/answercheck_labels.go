package history

import (
	"net/http"

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

// differentTypes reports whether recorded headers h hold Content-Types
// naming more than one media type.
func differentTypes(h map[string][]string) bool {
	vs := http.Header(h).Values("Content-Type")
	for _, v := range vs[min(1, len(vs)):] {
		if mcp.MediaType(http.Header{"Content-Type": {v}}) != mcp.MediaType(http.Header{"Content-Type": vs[:1]}) {
			return true
		}
	}
	return false
}
