package proxy

import (
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// resumesFrom and resumeFailed begin the details of the states that say
// a client resumed a stream with Last-Event-ID, and that its resume
// brought no stream (ClientResumed).
const (
	resumesFrom  = "the client resumes a stream after event "
	resumeFailed = "the client's resume after event "
)

// resumeGotNone is what became of a client's resume after event last that
// brought no stream: without it the Negotiation pane's Resume rows read
// "the client resumes a stream after event …" once per attempt, the same
// words each time, as if each were still under way or had worked.
func resumeGotNone(last, why string) string {
	return resumeFailed + shownID(last) + " got no stream: " + why
}

// ClientResumed reports whether st says what became of a stream the
// client resumed with Last-Event-ID: that it asked, that upstream
// replays, or that the resume brought no stream. A headless line says
// each: a stream upstream cut and the client resumed was said by nothing
// between the request and its answer.
func ClientResumed(st *mcp.StateChange) bool {
	if st == nil {
		return false
	}
	return st.State == mcp.StateResumed ||
		st.State == mcp.StateResuming && (strings.HasPrefix(st.Detail, resumesFrom) || strings.HasPrefix(st.Detail, resumeFailed))
}
