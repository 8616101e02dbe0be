package history

import (
	"strings"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied session's client says who it is in its clientInfo: in its
// initialize, or, in 2026, in every request's _meta. The Negotiation pane
// and the exports name it by that, beside the User-Agent it came with.

// ClientLabel is the clientInfo the client sent, "name version", or ""
// when it sent none.
func (n Negotiation) ClientLabel() string {
	if n.ClientName == "" {
		return ""
	}
	return strings.TrimSpace(n.ClientName + " " + n.ClientVersion)
}

// maxClientTries bounds the 2026 requests read for a clientInfo (it
// should be in every one): a client that names none must not cost a
// parse of every request it sends.
const maxClientTries = 8

// sentRequest learns who the client is from a request it sent: the
// clientInfo of an initialize (the newest, as a new initialize begins a
// new session), else of the first 2026 request whose _meta names one.
func (n *negotiationIndex) sentRequest(m *mcp.RPCMessage) {
	switch {
	case m.Method == "initialize":
	case n.clientInfo.name == "" && n.clientTries < maxClientTries:
		n.clientTries++
	default:
		return
	}
	// The one JSON scanner, indexed to the clientInfo only: with
	// encoding/json, any param nested past 10,000 levels (an argument, a
	// capability) hid who the client is.
	doc, err := jsonspan.Parse([]byte(m.Raw), jsonspan.Limits{Depth: 4})
	if err != nil {
		return
	}
	params := doc.Root().Get("params")
	info := params.Get("clientInfo")
	if m.Method != "initialize" {
		info = params.Get("_meta").Get(mcp.MetaClientInfo)
	}
	if name, _ := info.Get("name").Text(); name != "" {
		n.clientInfo.name = name
		n.clientInfo.version, _ = info.Get("version").Text()
		n.dirty = true
	}
}
