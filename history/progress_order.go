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

// ForeignProgress is what is said of a notifications/progress whose
// token (its JSON text) no pending request of ours owns
// (mcp.ProgressTokenOwned), as the TUI's "foreign token" row means it: it
// is for none of them (another client's through a bridge that shares one
// upstream, or one the server made up), or came after the answer of the
// request it was for. Server text, for the edges to sanitize.
func ForeignProgress(token string) string {
	return "progress came for token " + clip.Quote(token, 64) + ", which no request of ours waiting for its answer owns: another client's (through a bridge that shares one upstream?), or late, after its request was answered"
}

// tokenProgress is a progress token's last notification, and whether a
// problem with its progress was said.
type tokenProgress struct {
	last mcp.Progress
	said bool
}

// ProgressWatch is each progress token's last notifications/progress,
// and whether a problem with its progress was said: the one check of
// every token's progress (ProgressProblem) that exec's notes, the
// headless proxy's lines and the TUI's rows make, a pending request's
// token or not (a notification after the answer, a token never sent).
type ProgressWatch map[string]*tokenProgress

// MaxWatched bounds the tokens a ProgressWatch remembers, and the
// requests exec's watch of cancellations does: a flood of them costs its
// memory, not more.
const MaxWatched = 2000

// Look reads record r: a request naming a progress token starts that
// token afresh (Forget), and a notifications/progress is checked (Check).
// It returns Check's line, "" for any other record.
func (pw *ProgressWatch) Look(r *mcp.Record) string {
	m := r.RPC
	if m == nil {
		return ""
	}
	if r.Kind == mcp.KindSent && m.Class == mcp.ClassRequest {
		if token, ok := mcp.ProgressTokenOf(string(m.Raw)); ok {
			pw.Forget(token)
		}
		return ""
	}
	if r.Kind != mcp.KindReceived || m.Class != mcp.ClassNotification || m.Method != "notifications/progress" || m.Replayed {
		return ""
	}
	if pr, ok := mcp.ParseProgress([]byte(m.Raw)); ok {
		return pw.Check(pr)
	}
	return ""
}

// Forget starts token afresh, as a request names it: a client may use
// one again once its request is answered, and the new request's progress
// is no continuation of the old one's.
func (pw *ProgressWatch) Forget(token string) { delete(*pw, token) }

// Check is what is said of notifications/progress pr (ProgressWarning)
// the first time one of its token's breaks the rules for it, "" otherwise:
// the bar drawn from it clamps, and off a terminal there is no bar at all.
func (pw *ProgressWatch) Check(pr mcp.Progress) string {
	var last *mcp.Progress
	seen := (*pw)[pr.Token]
	if seen == nil {
		if len(*pw) >= MaxWatched {
			clear(*pw)
		}
		if *pw == nil {
			*pw = ProgressWatch{}
		}
		seen = &tokenProgress{}
		(*pw)[pr.Token] = seen
	} else {
		before := seen.last
		last = &before
	}
	seen.last = pr
	problem := ProgressProblem(last, pr)
	if problem == "" || seen.said {
		return ""
	}
	seen.said = true
	return ProgressWarning(pr.Token, problem)
}

// progress puts a notifications/progress on the pending request its
// progressToken names (the token the request's _meta named, as a proxied
// client picks its own, else its id, which mcpscope sends as its token),
// and reports whether there was one; problem is what its token's watch
// said of it (ProgressWatch.Check), kept as the row's first. A
// notification for no pending request (a late one, a token never sent)
// is not folded.
func (l *Log) progress(r *mcp.Record, pr mcp.Progress, problem string) bool {
	key, ok := l.progressOf.Owner(pr.Token)
	if !ok {
		return false
	}
	i := int32(key)
	x := l.rows.at(int(i)).extra()
	if problem != "" && x.rareOf().progressProblem == "" {
		x.rarer().progressProblem = problem
	}
	x.progress, x.total, x.progressMsg = pr.Progress, pr.Total, pr.Message
	x.progressN++
	x.progressAt = r.Time
	l.views.refresh(l, i)
	return true
}
