package main

import (
	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// tokenProgress is a progress token's last notification, and whether a
// problem with its progress was said.
type tokenProgress struct {
	last mcp.Progress
	said bool
}

// progressProblem is the line saying how a notifications/progress breaks
// the rules for one (history.ProgressProblem), the first time one of its
// token's does: the line exec draws clamps, and off a terminal there is
// no line at all. Only the record reader's goroutine calls it.
func (n *notes) progressProblem(m *mcp.RPCMessage) string {
	pr, ok := mcp.ParseProgress([]byte(m.Raw))
	if !ok {
		return ""
	}
	var last *mcp.Progress
	seen := n.progressSeen[pr.Token]
	if seen == nil {
		if len(n.progressSeen) >= maxNoteLines {
			clear(n.progressSeen) // a flood of tokens costs its memory, not more
		}
		if n.progressSeen == nil {
			n.progressSeen = map[string]*tokenProgress{}
		}
		seen = &tokenProgress{}
		n.progressSeen[pr.Token] = seen
	} else {
		before := seen.last
		last = &before
	}
	seen.last = pr
	problem := history.ProgressProblem(last, pr)
	if problem == "" || seen.said {
		return ""
	}
	seen.said = true
	return history.ProgressWarning(pr.Token, problem) + " (said once per request)"
}
