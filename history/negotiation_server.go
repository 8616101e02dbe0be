package history

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// initialized keeps what the server said of itself in its initialize
// answer (the initFacts the Negotiation pane shows). It reads with the one
// JSON scanner: with encoding/json, a capabilities nested past 10,000
// levels made the whole answer unreadable and hid who the server is.
func (n *negotiationIndex) initialized(raw mcp.Raw, seq int64) {
	n.init.name, n.init.version, n.init.protocol, n.init.instructions = "", "", "", ""
	n.init.capabilities = nil
	n.init.shape, n.init.shapeSeq = "", 0
	n.dirty = true
	// Depth 3 reaches serverInfo's members. An answer that is not JSON
	// leaves nothing read; the raw answer is still in the pairs pane for
	// the person to see.
	doc, err := jsonspan.Parse(bytesOf(string(raw)), jsonspan.Limits{Depth: 3})
	if err != nil {
		return
	}
	res := doc.Root().Get("result")
	info := serverInfoOf(res, "initialize")
	n.init.name, _ = info.Get("name").Text()
	n.init.version, _ = info.Get("version").Text()
	n.init.protocol, _ = res.Get("protocolVersion").Text()
	n.init.instructions, _ = res.Get("instructions").Text()
	n.init.capabilities = rawCopy(res.Get("capabilities"))
	if shape := mcp.InitializeShape(res.Raw()); shape != "" {
		n.init.shape, n.init.shapeSeq = shape, seq
	}
}

// versionRefused forgets what the initialize answer before it said: mcpscope
// refused the version it named (one no MCP-Protocol-Version header can
// carry), so no session of that server and version is in use. The answer
// came first and was taken as the session's; shown on, the pane, the status
// bar, a replay and an export named the refused version as negotiated, in
// the colour of success, beside the failure that says it was refused. That
// failure, with its advice, is what is left to tell.
func (l *Log) versionRefused() {
	shape, shapeSeq := l.neg.init.shape, l.neg.init.shapeSeq
	l.neg.init = initFacts{shape: shape, shapeSeq: shapeSeq}
	l.neg.dirty = true
	l.stats.Protocol = ""
}

// serverInfoOf is where the result res of the handshake method names the
// server: serverInfo in an initialize answer, the serverInfo entry of
// _meta in a 2026 server/discover one.
func serverInfoOf(res jsonspan.Value, method string) jsonspan.Value {
	if method == "server/discover" {
		return res.Get("_meta").Get(mcp.MetaServerInfo)
	}
	return res.Get("serverInfo")
}

// rawCopy is v's bytes, copied: a view would keep the whole answer they
// sit in, which may be megabytes, for as long as the index lives.
func rawCopy(v jsonspan.Value) json.RawMessage {
	if !v.Exists() {
		return nil
	}
	return json.RawMessage(bytes.Clone(v.Raw()))
}

// discovered reads a 2026 server/discover answer: the versions the server
// speaks, its capabilities and instructions, and its identity in _meta.
// The version the request was sent in is the one in use when the server
// names it: nothing else says so in a session mcpscope only watches (a
// proxied client's), where no state record follows.
func (n *negotiationIndex) discovered(req *mcp.Record, raw mcp.Raw, seq int64) {
	n.init.name, n.init.version, n.init.instructions = "", "", ""
	n.init.supported, n.init.capabilities = nil, nil
	n.init.shape, n.init.shapeSeq = "", 0
	n.dirty = true
	// Depth 4 reaches the serverInfo in _meta: result, _meta, serverInfo,
	// name. The one JSON scanner, as for initialize: no member a server
	// fills (capabilities nested past 10,000 levels) hides the others.
	doc, err := jsonspan.Parse(bytesOf(string(raw)), jsonspan.Limits{Depth: 4})
	if err != nil {
		return
	}
	res := doc.Root().Get("result")
	info := serverInfoOf(res, "server/discover")
	n.init.name, _ = info.Get("name").Text()
	n.init.version, _ = info.Get("version").Text()
	n.init.instructions, _ = res.Get("instructions").Text()
	n.init.capabilities = rawCopy(res.Get("capabilities"))
	n.init.supported = supportedVersions(res)
	if asked := requestedVersion(req); asked != "" && slices.Contains(n.init.supported, asked) {
		n.init.protocol = asked
	}
	if shape := cmp.Or(mcp.InputShape("server/discover", res.Raw()), mcp.DiscoverShape(res.Raw())); shape != "" {
		n.init.shape, n.init.shapeSeq = shape, seq
	}
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

// supportedVersions is the versions a server/discover result lists.
func supportedVersions(res jsonspan.Value) []string {
	var out []string
	for v := range res.Get("supportedVersions").Elements() {
		if s, ok := v.Text(); ok {
			out = append(out, s)
		}
	}
	return out
}

// DiscoverDeclined reports a server/discover (req) answered with a result
// (raw) whose supported versions leave out the one it asked in: the
// server speaks the initialize era, and the discover was detection's
// question, answered no, as a refusal with an error answers it. asked is
// the version the request named. The TUI's row (StateProbe) and proxy
// --headless's line read it by this one rule.
func DiscoverDeclined(req *mcp.Record, raw mcp.Raw) (asked string, declined bool) {
	asked = requestedVersion(req)
	doc, err := jsonspan.Parse(bytesOf(string(raw)), jsonspan.Limits{Depth: 4})
	if err != nil {
		return asked, false
	}
	return asked, !slices.Contains(supportedVersions(doc.Root().Get("result")), asked)
}
