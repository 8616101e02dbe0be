package history

import (
	"encoding/json"

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
	var reply struct {
		Result *struct {
			Action string `json:"action"`
		} `json:"result"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(m.Raw), &reply) != nil {
		return StateAnswered
	}
	switch {
	case reply.Error != nil && reply.Error.Code == mcp.CodeUserRejected:
		return StateDeclined
	case reply.Result != nil && reply.Result.Action == "decline":
		return StateDeclined
	case reply.Result != nil && reply.Result.Action == "cancel":
		return StateUserCancelled
	}
	return StateAnswered
}
