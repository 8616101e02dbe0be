package mcp

import (
	"encoding/json"
	"strings"
)

// methodCapabilities are the server capabilities the methods a client sends
// need, the one place they are said: a server that does not declare one
// does not offer its methods, and refuses them as unknown (-32601).
// A dotted name is a sub-capability that must be true.
var methodCapabilities = map[string]string{
	"tools/list": "tools", "tools/call": "tools",
	"resources/list": "resources", "resources/templates/list": "resources", "resources/read": "resources",
	"resources/subscribe": "resources.subscribe", "resources/unsubscribe": "resources.subscribe",
	"prompts/list": "prompts", "prompts/get": "prompts",
	"completion/complete": "completions",
	"logging/setLevel":    "logging",
}

// declares reports whether caps, a server's capabilities object, declares
// capability: present and neither false nor null, and for a dotted name
// ("resources.subscribe") its member true. The TypeScript SDK says
// "subscribe": false rather than leaving it out.
func declares(caps json.RawMessage, capability string) bool {
	top, sub, dotted := strings.Cut(capability, ".")
	var c map[string]json.RawMessage
	if json.Unmarshal(caps, &c) != nil {
		return false
	}
	v := strings.TrimSpace(string(c[top]))
	if v == "" || v == "false" || v == "null" {
		return false
	}
	if !dotted {
		return true
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(c[top], &members) != nil {
		return false
	}
	var on bool
	return json.Unmarshal(members[sub], &on) == nil && on
}

// Undeclared is the capability method needs that caps (the capabilities
// of the session's initialize or server/discover answer) does not
// declare, or "" when it needs none, declares it, or caps is unknown
// (empty, or not an object): nothing then says what the server offers.
func Undeclared(method string, caps json.RawMessage) string {
	capability := methodCapabilities[method]
	var c map[string]json.RawMessage
	if capability == "" || json.Unmarshal(caps, &c) != nil || c == nil || declares(caps, capability) {
		return ""
	}
	return capability
}

// ServerCapabilities are the capabilities declared by the answer that
// opened the current session (initialize's, or 2026's server/discover's),
// nil before one.
func (s *Session) ServerCapabilities() json.RawMessage {
	if resp := s.InitializeResult(); resp != nil {
		return readDiscover(resp.Result).Capabilities
	}
	return nil
}
