package history

import (
	"context"

	"github.com/mcpscope/mcpscope/mcp"
)

// FailureWords is what a failure record says, in words, for Detail and
// the export alike: a request cancelled here is recorded with Go's
// "context canceled", which reads as a fault of the program rather than
// what the user did.
func FailureWords(e *mcp.ErrorInfo) string {
	if e.Op == mcp.OpCancelled && e.Message == context.Canceled.Error() {
		return "cancelled here before its answer came: mcpscope stopped waiting for it"
	}
	return e.Message
}
