package mcp

import (
	"encoding/json"
	"strings"
)

// TasksExtension is the identifier a 2026-07-28 server declares the tasks
// extension under, in its capabilities' extensions: that revision moved
// tasks out of the core protocol (2025-11-25's tasks capability) into it.
const TasksExtension = "io.modelcontextprotocol/tasks"

// declares reports whether caps, a server's capabilities object, declares
// capability (capabilityIn).
func declares(caps json.RawMessage, capability string) bool {
	return capabilityIn(capabilityMap(caps), capability)
}

// capabilityMap is caps, a server's capabilities, by name; nil when caps
// is not an object (empty, null or another value): nothing then says
// what the server offers.
func capabilityMap(caps json.RawMessage) map[string]json.RawMessage {
	var c map[string]json.RawMessage
	if json.Unmarshal(caps, &c) != nil {
		return nil
	}
	return c
}

// capabilityIn reports whether c, a server's capabilities by name,
// declares capability: present and neither false nor null, and for a
// dotted name ("resources.subscribe", "tasks.list") its member alike. A
// member may be true or an object (2025-11-25's "list": {}); the
// TypeScript SDK says "subscribe": false rather than leaving it out.
func capabilityIn(c map[string]json.RawMessage, capability string) bool {
	top, sub, dotted := strings.Cut(capability, ".")
	if !present(c[top]) {
		return false
	}
	if !dotted {
		return true
	}
	var members map[string]json.RawMessage
	return json.Unmarshal(c[top], &members) == nil && present(members[sub])
}

// present reports whether a capability's value declares it: given, and
// neither false nor null.
func present(v json.RawMessage) bool {
	s := strings.TrimSpace(string(v))
	return s != "" && s != "false" && s != "null"
}

// Undeclared is the capability method needs over transport (its era's)
// that caps (the capabilities of the session's initialize or
// server/discover answer) does not declare, or "" when it needs none,
// declares it, or caps is unknown (empty, or not an object): nothing then
// says what the server offers.
func Undeclared(method, transport string, caps json.RawMessage) string {
	capability := capabilityFor(method, transport)
	if capability == "" {
		return ""
	}
	if c := capabilityMap(caps); c == nil || capabilityIn(c, capability) {
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
