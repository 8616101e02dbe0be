package history

import "github.com/mcpscope/mcpscope/mcp"

// listenReopens follows the 2026 listen stream's reopenings mcpscope makes
// on its own after it failed (a state "listen" marked Auto): the one
// reading of them, for the Log's counts and the sessions listing's, which
// must say what the status bar says. Each reopening is a request, and
// against a server that went away each fails: counted as the user's, the
// bar's requests and errors grew while the user did nothing. Negotiation
// and the Pairs still show each one.
type listenReopens struct {
	next bool // the newest state said the listen stream is reopened on its own
}

// state takes in a state record named name, with its Auto and Over.
func (o *listenReopens) state(name string, auto, over bool) {
	o.next = name == mcp.StateListen && auto && !over
}

// request reports whether a request sent of method (userStream: a listen
// the user typed) is one of those reopenings.
func (o *listenReopens) request(method string, userStream bool) bool {
	if method != ListenMethod || userStream {
		return false
	}
	own := o.next
	o.next = false
	return own
}
