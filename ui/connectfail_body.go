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
	code := " answered " + strconv.Itoa(e.Status)
	at := strings.Index(e.Message, code)
	if at < 0 {
		return e.Message
	}
	end := strings.Index(e.Message[at:], ": ")
	if end < 0 {
		return e.Message
	}
	return e.Message[:at+end] + " (its body: in Negotiation)"
}
