package history

import (
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// ProgressProblem says how a notifications/progress breaks the
// specification's rules for it, "" when it does not: its progress must
// increase with each notification of the token (2025-11-25, progress), and
// a total, when given, is how far it goes. last is the token's notification
// before, nil for its first. A bar drawn from it clamps, so without words
// a server counting backwards or past its total went unseen.
func ProgressProblem(last *mcp.Progress, cur mcp.Progress) string {
	switch {
	case cur.Total < 0:
		return "progress " + FormatNumber(cur.Progress) + " of a negative total " + FormatNumber(cur.Total) + ": a total is how far the work goes"
	case cur.Total > 0 && cur.Progress > cur.Total:
		return "progress " + FormatNumber(cur.Progress) + " past its total " + FormatNumber(cur.Total)
	case last != nil && cur.Progress <= last.Progress:
		return "progress went from " + FormatNumber(last.Progress) + " to " + FormatNumber(cur.Progress) + ": the specification has it increase with each notification"
	}
	return ""
}

// ProgressWarning is what is said of a request whose progress breaks the
// rules for it (ProgressProblem): token is its progressToken's JSON text,
// the request's id as mcpscope sends it. Exec prints it once per request,
// Detail shows it on the request's row; server text, for the edges to
// sanitize.
func ProgressWarning(token, problem string) string {
	return "the server's progress for request " + clip.Quote(token, 64) + ": " + problem
}
