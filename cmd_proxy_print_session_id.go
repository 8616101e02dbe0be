package main

import (
	"fmt"

	"github.com/mcpscope/mcpscope/mcp"
)

// sessionIDNote is sessionIDLine for a proxied session's record. A session
// the proxy met mid-way has the id its client sent: no initialize answer
// named it here, so what is wrong with it is said as the client's.
func (lp *linePrinter) sessionIDNote(r *mcp.Record) string {
	if r.Kind != mcp.KindState || lp.c == nil || !lp.c.OpenedMidway(r.State) {
		return sessionIDLine(r)
	}
	id := r.State.SessionID
	if note := mcp.SessionIDNote(id); id != "" && note != "" {
		return fmt.Sprintf("the client's Mcp-Session-Id %q is %s", mcp.HeaderQuote(id), note)
	}
	return ""
}
