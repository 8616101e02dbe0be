package proxy

import "github.com/mcpscope/mcpscope/internal/clip"

// idLimit is the most of a session or event id (or a refused request's
// URI, Origin or Host) the proxy's own words quote.
const idLimit = 128

// shownID is a session id or Last-Event-ID as the proxy's words about a
// session quote it: whole when it fits in idLimit bytes, else its start and
// its size. Either comes from a client or a server as it likes, up to the
// megabyte a header may hold, and such words are lines a person reads (a
// state's detail, a headless line). The headers recorded keep it whole.
// A refused request's URI, Origin and Host are quoted so too: the
// refusal is a line, and a page or client chooses them as freely.
func shownID(id string) string { return clip.Quote(id, idLimit) }
