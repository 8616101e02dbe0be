package history

import (
	"encoding/json"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// views returns recorded and live with r's tokens replaced in their raw
// messages, as a recording's scrub replaces them in server bytes; the
// caller's values are never changed. A nil r changes nothing.
func (r *redactor) views(recorded *mcp.Record, live *mcp.Response) (*mcp.Record, *mcp.Response) {
	if r == nil || r.off {
		return recorded, live
	}
	if recorded != nil && recorded.RPC != nil {
		if raw := mcp.Raw(r.text(string(recorded.RPC.Raw))); raw != recorded.RPC.Raw {
			c, m := *recorded, *recorded.RPC
			m.Raw, c.RPC = raw, &m
			recorded = &c
		}
	}
	if live != nil {
		if raw := mcp.Raw(r.text(string(live.Raw))); raw != live.Raw {
			// judge compares and reports Raw alone.
			c := *live
			c.Raw = raw
			live = &c
		}
	}
	return recorded, live
}

// text is s with r's tokens replaced; a nil r changes nothing.
func (r *redactor) text(s string) string {
	if r == nil || r.off {
		return s
	}
	// Every token's spellings first, then the respellings: "\u0000"
	// and a 0 after it respelt so that the password 000000000 no longer
	// matched across the escape also broke the bearer token's spelling
	// 000\u00000000 there, and it was left in the text.
	for _, respell := range []bool{false, true} {
		for _, tok := range r.tokens {
			tok.unrespelt = !respell
			s = tok.replace(s)
		}
	}
	return s
}

// own is s, an error mcpscope wrote of the live session, redacted as a
// recording redacts its own text: r's tokens replaced, and the pieces of
// one a cut in it left (the error quotes the server's words cut to a few
// bytes, mid-token as often as not); a nil r changes nothing.
func (r *redactor) own(s string) string {
	if r == nil || r.off {
		return s
	}
	return r.redactOwn(r.text(s))
}

// redactedNote says that params, a recorded request's, hold a mark the
// recording put in place of a credential, and so the re-run sent the mark:
// the recording has no value to send, and a re-run must not make one up.
// The answer it gets is to that request, not to the one recorded; it says
// nothing when params hold no mark.
func redactedNote(params json.RawMessage) string {
	var marks []string
	for _, m := range []string{Redacted, redactedPassword} {
		if strings.Contains(string(params), m) {
			marks = append(marks, m)
		}
	}
	if len(marks) == 0 {
		return ""
	}
	return "its params held a credential the recording redacted: sent as " + strings.Join(marks, " and ")
}
