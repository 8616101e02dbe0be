package mcp

import (
	"bytes"
	"encoding/json"
)

// Progress is what a notifications/progress says.
type Progress struct {
	// Token is the progressToken's JSON text, e.g. 7 or "a": mcpscope
	// sends each request's id as its token, so it equals the request's
	// RPCMessage.ID.
	Token    string
	Progress float64
	Total    float64 // 0 when the server does not know
	Message  string
}

// ParseProgress reads a notifications/progress message; ok is false for any
// other message or one without a token.
func ParseProgress(raw []byte) (Progress, bool) {
	if !bytes.Contains(raw, []byte("notifications/progress")) {
		return Progress{}, false // the cheap test first: most messages are not progress
	}
	var n struct {
		Method string `json:"method"`
		Params struct {
			Token    json.RawMessage `json:"progressToken"`
			Progress float64         `json:"progress"`
			Total    float64         `json:"total"`
			Message  string          `json:"message"`
		} `json:"params"`
	}
	if json.Unmarshal(raw, &n) != nil || n.Method != "notifications/progress" || len(n.Params.Token) == 0 {
		return Progress{}, false
	}
	return Progress{Token: string(n.Params.Token), Progress: n.Params.Progress, Total: n.Params.Total, Message: n.Params.Message}, true
}
