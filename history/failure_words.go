package history

import (
	"context"

	"github.com/mcpscope/mcpscope/mcp"
)

// FailureWords is what a failure record says, in words, for Detail and
// the export alike: a request cancelled here is recorded with Go's
// "context canceled", which reads as a fault of the program rather than
// what the user did. answered says its answer came all the same (the
// server finished, or stopped, after the cancel): "before its answer
// came" then stood above the answer.
func FailureWords(e *mcp.ErrorInfo, answered bool) string {
	return failureWords(e, answered, false)
}

// failureWords is FailureWords knowing whether a notifications/cancelled
// naming the request went to the server (notified): "mcpscope stopped
// waiting for it" then hid that the server was told, and what it did.
func failureWords(e *mcp.ErrorInfo, answered, notified bool) string {
	if e.Op == mcp.OpCancelled && e.Message == context.Canceled.Error() {
		switch {
		case notified && answered:
			return "cancelled here (notifications/cancelled sent): the server answered after all"
		case notified:
			return "cancelled here (notifications/cancelled sent): no answer came after it"
		case answered:
			return "cancelled here: mcpscope stopped waiting for it, and its answer came after all"
		}
		return "cancelled here before its answer came: mcpscope stopped waiting for it"
	}
	return e.Message
}
