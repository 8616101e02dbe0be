package ui

import (
	"encoding/json"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// stateless shows a 2026 session: the one endpoint, what server/discover
// said (the versions, the chosen one marked, identity, capabilities,
// instructions), the listen stream, the POSTs.
func (n *negotiationPane) stateless(f *facts, neg *history.Negotiation) {
	st := n.c.st
	if url := endpointURL(n.c.log, neg); url != "" {
		f.kv("Endpoint", wireLine(url, 2048)+" (POST only, no session)", st.Row)
	}
	if len(neg.SupportedVersions) > 0 {
		// A server may list thousands: the first few and the chosen one.
		shown, more := mcp.VersionsShown(neg.SupportedVersions, neg.ProtocolVersion)
		for i, v := range shown {
			shown[i] = wireLine(v, 64)
			if v == neg.ProtocolVersion {
				shown[i] += " ✓"
			}
		}
		f.kv("Versions", clip.Counted(shown, more), st.Row)
	}
	if neg.ServerName == "" && neg.ProtocolVersion == "" {
		what := "not discovered yet"
		if n.c.canInitialize() {
			what += ": press " + n.c.keys.Initialize.Help().Key + " (server/discover)"
		}
		f.kv("Server", what, st.Hint)
	}
	n.server(f, neg)
	n.listen(f, neg)
	n.posts(f, neg)
}

// listen shows the 2026 listen stream: open, or what became of it.
func (n *negotiationPane) listen(f *facts, neg *history.Negotiation) {
	st := n.c.st
	lp := n.c.log.ListenPair()
	switch {
	case lp != nil && lp.Listening() && !lp.Opening():
		f.kv("Listen", "open since "+sinceConnect(lp.Sent.Sub(n.c.log.ConnectedAt()))+" (subscriptions/listen, id "+wireLine(lp.ID, 64)+"): "+listenCarries(lp)+" arrive here", st.Success)
	case lp != nil:
		state, style := n.c.pairState(lp)
		f.kv("Listen", "subscriptions/listen (id "+wireLine(lp.ID, 64)+") "+state, style)
	}
	if neg.Listen != "" {
		f.kv("", wireLine(neg.Listen, 512), st.Warning)
	}
}

// roots shows the roots mcpscope offers, in a live session.
func (n *negotiationPane) roots(f *facts) {
	if !n.c.rootsKnown {
		return
	}
	style := n.c.st.Row
	if len(n.c.roots) == 0 {
		style = n.c.st.Dim
	}
	f.kv("Roots", rootsList(n.c.roots), style)
}

// endpointURL is the one URL a streamable session POSTs to: where the
// session says it is, else where detection found it.
func endpointURL(log *history.Log, neg *history.Negotiation) string {
	if url := log.Stats().URL; url != "" {
		return url
	}
	if neg.Detect != nil {
		return neg.Detect.URL
	}
	return ""
}

// listenCarries says what the open listen stream was asked to carry: list
// changes, and the updates of the resources subscribed to, which a 2026
// subscribe puts in the listen request (the line said "list changes"
// alone on the stream reopened for demo://clock).
func listenCarries(lp *history.Pair) string {
	const most = 3
	what := "list changes"
	if lp.Request == nil || lp.Request.RPC == nil || len(lp.Request.RPC.Raw) > 64<<10 {
		return what // a request that large is not mcpscope's: left unread
	}
	var req struct {
		Params struct {
			Notifications struct {
				ResourceSubscriptions []string `json:"resourceSubscriptions"`
			} `json:"notifications"`
		} `json:"params"`
	}
	if json.Unmarshal([]byte(lp.Request.RPC.Raw), &req) != nil {
		return what
	}
	uris := req.Params.Notifications.ResourceSubscriptions
	if len(uris) == 0 {
		return what
	}
	return what + " and updates of " + clip.ListFunc(uris, most, func(u string) string { return wireLine(u, 200) })
}
