package proxy

import "github.com/mcpscope/mcpscope/internal/clip"

// idLimit is the most of a session or event id the proxy's own words
// quote.
const idLimit = 128

// shownID is a session id or Last-Event-ID as the proxy's words about a
// session quote it: whole when it fits in idLimit bytes, else its start and
// its size. Either comes from a client or a server as it likes, up to the
// megabyte a header may hold, and such words are lines a person reads (a
// state's detail, a headless line). The headers recorded keep it whole.
func shownID(id string) string { return clip.Quote(id, idLimit) }
