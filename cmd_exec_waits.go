package main

import (
	"slices"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// waitLine is the line exec says on stderr as a wait the server asked for
// past mcpscope's cap starts ("" for any other record): resuming a
// request's stream 30s later with nothing said read as exec hanging, and
// the reason came only with the answer, after the wait.
func waitLine(r *mcp.Record) string {
	if st := r.State; r.Kind == mcp.KindState && st != nil && st.State == mcp.StateResuming && st.RetryAsked != "" {
		return "waiting: " + sanitize.Line(st.Detail) + "\n"
	}
	return ""
}

// heardWait keeps the capped waits said on stderr (waitLine), so a
// failure after one does not say it again; n.mu is held.
func (n *notes) heardWait(r *mcp.Record) {
	if waitLine(r) != "" && !slices.Contains(n.waitsSaid, r.State.RetryAsked) {
		n.waitsSaid = append(n.waitsSaid, r.State.RetryAsked)
	}
}

// unsaid is a failure's line without the capped waits already said on
// stderr as they started.
func (n *notes) unsaid(line string) string {
	if n == nil {
		return line
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, asked := range n.waitsSaid {
		line = mcp.UnsayCappedWait(line, asked)
	}
	return line
}
