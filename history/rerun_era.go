package history

import (
	"context"
	"encoding/json"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// The two eras open a session differently: initialize (2024-11-05 to
// 2025-11-25) and server/discover (2026-07-28). A recording of one era
// re-run against a server of the other runs the live session's own
// handshake, and the two answers are compared on what both say about the
// server: its capabilities, its instructions and who it is. The versions
// each names belong to its era, not to the server's behaviour.

// handshakeMethods are the requests that open a session, in either era.
var handshakeMethods = map[string]bool{"initialize": true, "server/discover": true}

// crossEra reports whether a recorded handshake of method is of the other
// era than the live session.
func crossEra(method string, s Sender) bool {
	modern := s.Transport() == mcp.TransportStateless
	return handshakeMethods[method] && (method == "server/discover") != modern
}

// liveHandshake opens the live session in its own era. A recorded
// handshake that did not open the recorded session (a server/discover the
// user sent again, which 2026 answers as often as asked) is compared with
// the live session's opening instead, once there is one: an initialize
// sent again would be refused on a session already initialized.
func liveHandshake(ctx context.Context, s Sender, opening bool) (*mcp.Response, error) {
	if s.Transport() == mcp.TransportStateless {
		return s.Discover(ctx)
	}
	if opened := s.InitializeResult(); !opening && opened != nil {
		return opened, nil
	}
	return s.InitializeWith(ctx, nil)
}

// clientCapabilitiesOf are the capabilities a handshake's params declare:
// initialize's capabilities, server/discover's in its _meta; nil when they
// are no JSON object. A re-run across eras declares them in its own
// handshake, so the server sees the client the recording saw (a server
// offers a tool that asks for a sampled message only to a client that
// can answer it).
func clientCapabilitiesOf(method string, params json.RawMessage) json.RawMessage {
	var p struct {
		Capabilities json.RawMessage            `json:"capabilities"`
		Meta         map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(params, &p) != nil {
		return nil
	}
	caps := p.Capabilities
	if method == "server/discover" {
		caps = p.Meta[mcp.MetaClientCapabilities]
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(caps, &obj) != nil || obj == nil {
		return nil
	}
	return caps
}

// handshakeView is a handshake's answer in one shape for both eras: an
// error is compared as it is; a result by its capabilities, instructions
// and serverInfo (a _meta entry in 2026).
func handshakeView(raw json.RawMessage) json.RawMessage {
	var m struct {
		Result *struct {
			Capabilities json.RawMessage            `json:"capabilities"`
			Instructions json.RawMessage            `json:"instructions"`
			ServerInfo   json.RawMessage            `json:"serverInfo"`
			Meta         map[string]json.RawMessage `json:"_meta"`
		} `json:"result"`
	}
	if json.Unmarshal(raw, &m) != nil || m.Result == nil {
		return raw
	}
	r := m.Result
	info := r.ServerInfo
	if info == nil {
		info = r.Meta[mcp.MetaServerInfo]
	}
	view := map[string]json.RawMessage{}
	for k, v := range map[string]json.RawMessage{"capabilities": r.Capabilities, "instructions": r.Instructions, "serverInfo": info} {
		if v != nil {
			view[k] = v
		}
	}
	b, _ := json.Marshal(map[string]any{"result": view})
	return b
}

// asHandshakeViews turns both sides of a cross-era handshake into their
// views, leaving what was recorded untouched.
func asHandshakeViews(recorded *mcp.Record, live *mcp.Response) (*mcp.Record, *mcp.Response) {
	if recorded != nil && recorded.RPC != nil {
		r, m := *recorded, *recorded.RPC
		m.Raw = mcp.Raw(handshakeView(json.RawMessage(m.Raw)))
		r.RPC = &m
		recorded = &r
	}
	if live != nil {
		l := *live
		l.Raw = mcp.Raw(handshakeView(json.RawMessage(live.Raw)))
		live = &l
	}
	return recorded, live
}

// goneIn2026 are the requests of the older eras that 2026-07-28 does
// without, and how a re-run against a 2026 server does what they did: a
// recording of an older era re-run there is compared on what the server
// did, not on its "method not found" for a request the era lacks.
var goneIn2026 = map[string]string{
	"ping":                  "not sent: 2026-07-28 has no ping",
	"resources/subscribe":   "as subscriptions/listen resourceSubscriptions",
	"resources/unsubscribe": "as subscriptions/listen without it",
	"logging/setLevel":      "as _meta io.modelcontextprotocol/logLevel",
}

// modernMeta are the _meta keys a 2026 client puts in every request for
// its era (and the progress token, which a session gives each request of
// its own): a 2026 recording re-run on an older era leaves them out, as
// an older client sends none, so the server answers in its own era. The
// log level among them is asked with logging/setLevel instead (levelAsked).
var modernMeta = []string{mcp.MetaProtocolVersion, mcp.MetaClientCapabilities, mcp.MetaClientInfo, mcp.MetaLogLevel, "progressToken"}

// levelAsked carries a 2026 recording's _meta log level to a session of an
// older era, which has none: it asks with logging/setLevel instead, the
// other way from goneIn2026's. An older level holds until changed, so it
// asks once, and again only when the recording's level changes; a request
// that carries none leaves it, as an older era cannot unset it.
type levelAsked struct{ level string }

// ask sends logging/setLevel for level (what the request about to be sent
// carried in its _meta) when it is not the level asked last, and says so
// for the report: "" when nothing was sent.
func (a *levelAsked) ask(ctx context.Context, s Sender, level string) string {
	if level == "" || level == a.level {
		return ""
	}
	a.level = level // refused or not: asked once per change, as recorded
	note := "logging/setLevel " + sanitize.Line(clip.Prefix(level, 40)) + " sent first, for the recorded _meta log level"
	if _, err := s.SetLogLevel(ctx, level); err != nil {
		note += ", which failed: " + sanitize.Line(err.Error())
	}
	return note
}

// withoutModernMeta is params without modernMeta in _meta, and without a
// _meta left empty, and the log level that _meta carried (2026's
// mcp.MetaLogLevel, which levelAsked asks for instead), "" for none;
// params it cannot read go as they are, carrying none.
func withoutModernMeta(params json.RawMessage) (json.RawMessage, string) {
	var obj map[string]json.RawMessage
	var meta map[string]json.RawMessage
	if json.Unmarshal(params, &obj) != nil || obj["_meta"] == nil || json.Unmarshal(obj["_meta"], &meta) != nil || meta == nil {
		return params, ""
	}
	var level string
	_ = json.Unmarshal(meta[mcp.MetaLogLevel], &level) // a level that is no string is none
	for _, k := range modernMeta {
		delete(meta, k)
	}
	if len(meta) == 0 {
		delete(obj, "_meta")
	} else {
		obj["_meta"], _ = json.Marshal(meta)
	}
	b, err := json.Marshal(obj)
	if err != nil {
		return params, level
	}
	return b, level
}

// runGone does on a 2026 session what method did in the recording, and
// answers as an older server does: an empty result, since each of these
// requests answered nothing more.
func runGone(ctx context.Context, s Sender, method string, params json.RawMessage) (*mcp.Response, error) {
	var p struct {
		URI   string `json:"uri"`
		Level string `json:"level"`
	}
	_ = json.Unmarshal(params, &p) // what cannot be read is sent as nothing
	var err error
	switch method {
	case "resources/subscribe":
		_, err = s.Subscribe(ctx, p.URI)
	case "resources/unsubscribe":
		_, err = s.Unsubscribe(ctx, p.URI)
	case "logging/setLevel":
		_, err = s.SetLogLevel(ctx, p.Level)
	}
	if err != nil {
		return nil, err
	}
	return &mcp.Response{Raw: mcp.Raw(`{"jsonrpc":"2.0","result":{}}`), Result: json.RawMessage(`{}`)}, nil
}

// eraRefusal says why a request of a 2026 recording, re-run on a server of
// an older era, differs when 2026-07-28 does without it (goneIn2026) and
// the recording's server refused it as an unknown method: the eras differ,
// not the server. "" for any other request or recorded answer.
func eraRefusal(method string, recorded *mcp.Record) string {
	if goneIn2026[method] == "" || recorded == nil || recorded.RPC == nil {
		return ""
	}
	// Only its "error" is read, in place: the answer may be large.
	top, ok := mcp.Members(bytesOf(string(recorded.RPC.Raw)), "error")
	if !ok || top[0] == nil || mcp.RPCErrorOf(top[0]).Code != mcp.CodeMethodNotFound {
		return ""
	}
	return "differs because the eras differ: " + method + " is not in " + mcp.ProtocolModern
}
