package mcp

import "iter"

// Era says in which era of MCP a method exists, or which a session speaks.
type Era int

const (
	EraBoth     Era = iota // every era (2026 maps subscribe and setLevel onto its own ways); of a session, not known yet
	EraSessions            // 2024-11-05 to 2025-11-25: initialize, ping, tasks/list and tasks/result
	EraModern              // 2026-07-28 only (with its extensions)
)

// clientMethod is one request or notification a client sends: its era,
// and the server capability it needs, the one place either is said. A
// server that does not declare the capability does not offer the method,
// and refuses it as unknown (-32601). A dotted capability is a member of
// a capability, split at its first dot (an extension's identifier has
// dots of its own), that must be declared too.
type clientMethod struct {
	name string
	era  Era
	// capability is what the method needs in the eras that open with
	// initialize ("" in a method of 2026-07-28 only).
	capability string
	// modern is what it needs in 2026-07-28 where that differs ("" for
	// the same): its tasks methods come with the tasks extension. A method
	// of the older eras only needs nothing there, as no capability of
	// 2026's offers it (the refusal's hint then says the method is of
	// another era, not that a capability is missing).
	modern string
}

// tasksExtension is what 2026-07-28's tasks methods need.
const tasksExtension = "extensions." + TasksExtension

// clientMethods are MCP's requests and notifications a client sends, in
// the order the command line offers them. The tasks methods are
// 2025-11-25's (tasks/get and tasks/result come with any tasks
// capability, tasks/list and tasks/cancel with their own member) and
// 2026's tasks extension's (get, update, cancel); 2026 has no tasks/list
// nor tasks/result.
var clientMethods = []clientMethod{
	{"initialize", EraSessions, "", ""},
	{"tools/list", EraBoth, "tools", ""}, {"tools/call", EraBoth, "tools", ""}, {"ping", EraSessions, "", ""},
	{"resources/list", EraBoth, "resources", ""}, {"resources/templates/list", EraBoth, "resources", ""},
	{"resources/read", EraBoth, "resources", ""},
	{"resources/subscribe", EraBoth, "resources.subscribe", ""}, {"resources/unsubscribe", EraBoth, "resources.subscribe", ""},
	{"prompts/list", EraBoth, "prompts", ""}, {"prompts/get", EraBoth, "prompts", ""},
	{"completion/complete", EraBoth, "completions", ""}, {"logging/setLevel", EraBoth, "logging", ""},
	{"server/discover", EraModern, "", ""}, {ListenMethod, EraModern, "", ""},
	{"tasks/list", EraSessions, "tasks.list", ""}, {"tasks/get", EraBoth, "tasks", tasksExtension},
	{"tasks/result", EraSessions, "tasks", ""}, {"tasks/update", EraModern, "", tasksExtension},
	{"tasks/cancel", EraBoth, "tasks.cancel", tasksExtension},
	{"notifications/initialized", EraSessions, "", ""}, {"notifications/cancelled", EraBoth, "", ""},
	{"notifications/roots/list_changed", EraSessions, "", ""},
}

// ClientMethods are MCP's requests and notifications a client sends, each
// with its era, in the order the command line offers them.
func ClientMethods() iter.Seq2[string, Era] {
	return func(yield func(string, Era) bool) {
		for _, m := range clientMethods {
			if !yield(m.name, m.era) {
				return
			}
		}
	}
}

// clientMethodOf is method's row of clientMethods, false for a method
// not in it.
func clientMethodOf(method string) (clientMethod, bool) {
	for _, m := range clientMethods {
		if m.name == method {
			return m, true
		}
	}
	return clientMethod{}, false
}

// MethodEra is the era of a method a client sends, false for a method
// MCP's client has not (EraBoth then).
func MethodEra(method string) (Era, bool) {
	m, ok := clientMethodOf(method)
	return m.era, ok
}

// TransportEra is the era a session on transport speaks: 2026-07-28's
// (stateless) or the older eras' (sse, streamable), EraBoth while the
// transport is not known.
func TransportEra(transport string) Era {
	switch transport {
	case TransportStateless:
		return EraModern
	case TransportSSE, TransportStreamable:
		return EraSessions
	}
	return EraBoth
}

// capabilityFor is the capability method needs over transport, whose era
// decides it, "" for none. Before the transport is known, the older
// eras' is.
func capabilityFor(method, transport string) string {
	m, _ := clientMethodOf(method)
	if TransportEra(transport) == EraModern {
		switch {
		case m.era == EraSessions:
			return ""
		case m.modern != "":
			return m.modern
		}
	}
	return m.capability
}
