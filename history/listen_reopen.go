package history

import "github.com/mcpscope/mcpscope/mcp"

// listenReopens follows the 2026 listen stream's reopenings mcpscope makes
// on its own (a state "listen" marked Reopen, or Auto in recordings older
// than Reopen, which marked only those after a failure): the one
// reading of them, for the Log's counts and the sessions listing's, which
// must say what the status bar says. Each reopening is a request, and
// against a server that went away each fails: counted as the user's, the
// bar's requests and errors grew while the user did nothing. Negotiation
// and the Pairs still show each one.
type listenReopens struct {
	next bool // the newest state said the listen stream is reopened on its own
}

// state takes in a state record.
func (o *listenReopens) state(st *mcp.StateChange) {
	o.next = st.State == mcp.StateListen && (st.Reopen || st.Auto) && !st.Over
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
