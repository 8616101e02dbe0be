package mcp

import (
	"encoding/json"
	"strings"
)

// TasksExtension is the identifier a 2026-07-28 server declares the tasks
// extension under, in its capabilities' extensions: that revision moved
// tasks out of the core protocol (2025-11-25's tasks capability) into it.
const TasksExtension = "io.modelcontextprotocol/tasks"

// methodCapabilities are the server capabilities the methods a client sends
// need, the one place they are said: a server that does not declare one
// does not offer its methods, and refuses them as unknown (-32601).
// A dotted name is a member of a capability, split at its first dot (an
// extension's identifier has dots of its own), that must be declared too.
// The tasks methods are 2025-11-25's: tasks/get and tasks/result come with
// any tasks capability, tasks/list and tasks/cancel with their own member.
var methodCapabilities = map[string]string{
	"tools/list": "tools", "tools/call": "tools",
	"resources/list": "resources", "resources/templates/list": "resources", "resources/read": "resources",
	"resources/subscribe": "resources.subscribe", "resources/unsubscribe": "resources.subscribe",
	"prompts/list": "prompts", "prompts/get": "prompts",
	"completion/complete": "completions",
	"logging/setLevel":    "logging",
	"tasks/get":           "tasks", "tasks/result": "tasks",
	"tasks/list": "tasks.list", "tasks/cancel": "tasks.cancel",
}

// modernCapabilities are 2026-07-28's where they differ from the older
// eras': its tasks methods (get, update, cancel) come with the tasks
// extension, and tasks/list and tasks/result are not of that era at all,
// so no capability of its would offer them ("" here: the refusal's hint
// then says the method is of another era, not that a capability is
// missing).
var modernCapabilities = map[string]string{
	"tasks/get": "extensions." + TasksExtension, "tasks/update": "extensions." + TasksExtension,
	"tasks/cancel": "extensions." + TasksExtension,
	"tasks/list":   "", "tasks/result": "",
}

// capabilityFor is the capability method needs over transport, whose era
// decides it (TransportStateless is 2026-07-28), "" for none.
func capabilityFor(method, transport string) string {
	if transport == TransportStateless {
		if c, ok := modernCapabilities[method]; ok {
			return c
		}
	}
	return methodCapabilities[method]
}

// declares reports whether caps, a server's capabilities object, declares
// capability: present and neither false nor null, and for a dotted name
// ("resources.subscribe", "tasks.list") its member alike. A member may be
// true or an object (2025-11-25's "list": {}); the TypeScript SDK says
// "subscribe": false rather than leaving it out.
func declares(caps json.RawMessage, capability string) bool {
	top, sub, dotted := strings.Cut(capability, ".")
	var c map[string]json.RawMessage
	if json.Unmarshal(caps, &c) != nil || !present(c[top]) {
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
