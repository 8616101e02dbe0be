package history

import (
	"context"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// toolsListed lists the live session's tools before a recorded tools/call
// of a tool it does not know yet, when the live server speaks 2026-07-28:
// that era's call carries in Mcp-Param headers the arguments its tool's
// schema names (x-mcp-header), and a call without them is refused -32020
// "header mismatch". A recorded tools/list before the call teaches the
// session the tools itself (mcp.Session.Request); a recording without one
// (a client that knew its tools, or a recording edited down to its calls)
// has the re-run list them first, as exec does before a call.
// Once a recorded tools/list was sent again the re-run lists nothing
// itself: the live session learnt what the server lists as the recorded
// client did, and a call of a tool it did not list is sent as recorded,
// as that client sent it. A tool the re-run's own listing did not name is
// not listed for again either.
type toolsListed struct {
	recorded bool // a recorded tools/list was sent again
	unlisted map[string]bool
}

// before lists the tools, if tool (the recorded call's) needs it, and says
// so for the report: "" when nothing was sent.
func (l *toolsListed) before(ctx context.Context, s Sender, tool string) string {
	if s.Transport() != mcp.TransportStateless || l.recorded || l.unlisted[tool] || mcp.FindTool(s.Tools(), tool) != nil {
		return ""
	}
	const why = "tools/list sent first (the recording lists no tools before this call) for the Mcp-Param headers a 2026 call carries"
	tools, _, err := s.ListTools(ctx, true)
	if err != nil && !mcp.PagesStopped(err) {
		return why + ", which failed: " + sanitize.Line(err.Error()) + "; the call was sent without them"
	}
	if mcp.FindTool(tools, tool) == nil {
		if l.unlisted == nil {
			l.unlisted = map[string]bool{}
		}
		l.unlisted[tool] = true
		return why + ": the server does not list " + sanitize.Line(mcp.NameShown(tool)) + ", so the call was sent without them"
	}
	return why
}
