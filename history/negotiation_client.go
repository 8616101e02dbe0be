package history

import (
	"encoding/json"
	"strings"

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
	var v struct {
		Params struct {
			ClientInfo clientInfo                 `json:"clientInfo"`
			Meta       map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	switch {
	case m.Method == "initialize":
	case n.clientInfo.name == "" && n.clientTries < maxClientTries:
		n.clientTries++
	default:
		return
	}
	if json.Unmarshal([]byte(m.Raw), &v) != nil {
		return
	}
	info := v.Params.ClientInfo
	if m.Method != "initialize" {
		info = clientInfo{}
		_ = json.Unmarshal(v.Params.Meta[mcp.MetaClientInfo], &info)
	}
	if info.Name != "" {
		n.clientInfo.name, n.clientInfo.version = info.Name, info.Version
		n.dirty = true
	}
}

// clientInfo is the clientInfo of an initialize or a 2026 _meta.
type clientInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}
