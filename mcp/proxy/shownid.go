package proxy

import (
	"strconv"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// idLimit is the most of a session or event id (or a refused request's
// URI, Origin or Host) the proxy's own words quote.
const idLimit = 128

// shownID is a session id or Last-Event-ID as the proxy's words about a
// session quote it: whole when it fits in idLimit bytes, else its start and
// its size. Either comes from a client or a server as it likes, up to the
// megabyte a header may hold, and such words are lines a person reads (a
// state's detail, a headless line). The headers recorded keep it whole.
// A refused request's URI is quoted so too: the refusal is a line, and a
// page or client chooses it as freely.
//
// One that is not all visible ASCII (as the specification requires of a
// session id) is in Go quotes, its blanks and invisible characters
// escaped: the sanitizer that makes a line safe for a terminal drops a
// right-to-left override or a zero-width space, and the id a client made
// of another session's and one of those read as that other session.
func shownID(id string) string {
	if mcp.SessionIDNote(id) == "" {
		return clip.Quote(id, idLimit)
	}
	shown := strconv.Quote(clip.Prefix(id, idLimit))
	if len(id) <= idLimit {
		return shown
	}
	return clip.WithSize(shown, len(id))
}
