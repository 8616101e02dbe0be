package history

import (
	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// replyState is where our reply leaves the server request it answers:
// declined when the user declined (an elicitation's "decline", or the
// specification's error for a rejected sampling request), cancelled by
// the user when they dismissed a form ("cancel"), answered otherwise. One
// place decides it, so the TUI and the exports read the same word in
// every era: over SSE and streamable HTTP a declined request read
// "answered", where 2026 said "declined".
func replyState(m *mcp.RPCMessage) PairState {
	// The error as every reply's is read (mcp.ReplyRefusal), and the
	// result's action in place: a sampled reply's text is not decoded
	// only to find it has none.
	if e := mcp.ReplyRefusal(m); e != nil {
		if e.Code == mcp.CodeUserRejected {
			return StateDeclined
		}
		return StateAnswered
	}
	doc, err := jsonspan.Parse(bytesOf(string(m.Raw)), jsonspan.Limits{Depth: 2})
	if err != nil {
		return StateAnswered
	}
	switch action, _ := doc.Root().Get("result").Get("action").Text(); action {
	case "decline":
		return StateDeclined
	case "cancel":
		return StateUserCancelled
	}
	return StateAnswered
}
