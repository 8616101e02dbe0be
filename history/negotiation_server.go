package history

import (
	"encoding/json"
	"slices"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// initialized keeps what the server said of itself in its initialize
// answer (the initFacts the Negotiation pane shows).
func (n *negotiationIndex) initialized(raw mcp.Raw, seq int64) {
	var v struct {
		Result struct {
			ProtocolVersion string          `json:"protocolVersion"`
			Capabilities    json.RawMessage `json:"capabilities"`
			Instructions    string          `json:"instructions"`
			ServerInfo      struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"serverInfo"`
		} `json:"result"`
	}
	// A malformed result leaves what could be read; the raw answer is
	// still in the pairs pane for the person to see.
	_ = json.Unmarshal([]byte(raw), &v)
	res := v.Result
	n.init.name, n.init.version = res.ServerInfo.Name, res.ServerInfo.Version
	n.init.protocol, n.init.instructions = res.ProtocolVersion, res.Instructions
	n.init.capabilities = res.Capabilities
	n.init.shape, n.init.shapeSeq = "", 0
	if doc, err := jsonspan.Parse(bytesOf(string(raw)), jsonspan.Limits{Depth: 1}); err == nil {
		if shape := mcp.InitializeShape(doc.Root().Get("result").Raw()); shape != "" {
			n.init.shape, n.init.shapeSeq = shape, seq
		}
	}
	n.dirty = true
}

// discovered reads a 2026 server/discover answer: the versions the server
// speaks, its capabilities and instructions, and its identity in _meta.
// The version the request was sent in is the one in use when the server
// names it: nothing else says so in a session mcpscope only watches (a
// proxied client's), where no state record follows.
func (n *negotiationIndex) discovered(req *mcp.Record, raw mcp.Raw) {
	var v struct {
		Result struct {
			SupportedVersions []string                   `json:"supportedVersions"`
			Capabilities      json.RawMessage            `json:"capabilities"`
			Instructions      string                     `json:"instructions"`
			Meta              map[string]json.RawMessage `json:"_meta"`
		} `json:"result"`
	}
	_ = json.Unmarshal([]byte(raw), &v)
	res := v.Result
	var info struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	_ = json.Unmarshal(res.Meta[mcp.MetaServerInfo], &info)
	n.init.name, n.init.version = info.Name, info.Version
	n.init.supported, n.init.capabilities, n.init.instructions = res.SupportedVersions, res.Capabilities, res.Instructions
	if asked := requestedVersion(req); asked != "" && slices.Contains(res.SupportedVersions, asked) {
		n.init.protocol = asked
	}
	n.dirty = true
}

// requestedVersion is the protocol version a 2026 request carried in its
// params._meta, "" when it carried none.
func requestedVersion(req *mcp.Record) string {
	if req == nil || req.RPC == nil {
		return ""
	}
	// The one JSON scanner, indexed to the _meta only: a request's
	// arguments can be megabytes deep.
	doc, err := jsonspan.Parse([]byte(req.RPC.Raw), jsonspan.Limits{Depth: 4})
	if err != nil {
		return ""
	}
	version, _ := doc.Root().Get("params").Get("_meta").Get(mcp.MetaProtocolVersion).Text()
	return version
}
