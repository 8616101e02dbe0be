package ui

import (
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// withoutBody is a failure's message for the message row: an HTTP status
// that failed without the body it quotes, which the Negotiation pane (and
// the recording) hold whole. An HTML error page took four of the row's
// lines at 100 columns, over the advice, to say what Negotiation said.
func withoutBody(e *mcp.ErrorInfo) string {
	if e.Cause != mcp.CauseStatus || e.Status == 0 {
		return e.Message
	}
	if e.StatusLine != "" {
		// The status as sent says where the body's quote begins: a
		// reason phrase of the server's own ("500 Error: db down") may
		// hold ": " too, and a status with no body has nothing to cut.
		status := " answered " + e.StatusLine
		at := strings.Index(e.Message, status)
		if at < 0 || !strings.HasPrefix(e.Message[at+len(status):], ": ") {
			return e.Message
		}
		return e.Message[:at+len(status)] + bodyInNegotiation
	}
	// A recording made before the status line was kept: the status is
	// cut at its first ": ", as it always was.
	code := " answered " + strconv.Itoa(e.Status)
	at := strings.Index(e.Message, code)
	if at < 0 {
		return e.Message
	}
	end := strings.Index(e.Message[at:], ": ")
	if end < 0 {
		return e.Message
	}
	return e.Message[:at+end] + bodyInNegotiation
}

// bodyInNegotiation stands, in the message row, for the body a status
// failure quoted.
const bodyInNegotiation = " (its body: in Negotiation)"
