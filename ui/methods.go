package ui

import "github.com/mcpscope/mcpscope/mcp"

// methodEra says in which era a method the command line offers exists.
type methodEra int

const (
	eraBoth     methodEra = iota // every era (2026 maps subscribe and setLevel onto its own ways)
	eraSessions                  // 2024-11-05 to 2025-11-25: initialize, ping, tasks/list and tasks/result
	eraModern                    // 2026-07-28 only (with its extensions)
)

// methodWords are the words Tab offers first on the command line: MCP's
// requests and notifications a client sends, and roots, mcpscope's own
// command for the roots it offers. Any other method name can still be
// typed and sent.
var methodWords = []struct {
	name string
	era  methodEra
}{
	{"initialize", eraSessions},
	{"tools/list", eraBoth}, {"tools/call", eraBoth}, {"ping", eraSessions},
	{"resources/list", eraBoth}, {"resources/templates/list", eraBoth}, {"resources/read", eraBoth},
	{"resources/subscribe", eraBoth}, {"resources/unsubscribe", eraBoth},
	{"prompts/list", eraBoth}, {"prompts/get", eraBoth}, {"completion/complete", eraBoth}, {"logging/setLevel", eraBoth},
	{"server/discover", eraModern}, {"subscriptions/listen", eraModern},
	// Tasks: 2025-11-25's, and 2026's tasks extension (get, update, cancel).
	{"tasks/list", eraSessions}, {"tasks/get", eraBoth}, {"tasks/result", eraSessions}, {"tasks/update", eraModern}, {"tasks/cancel", eraBoth},
	{"notifications/initialized", eraSessions}, {"notifications/cancelled", eraBoth}, {"notifications/roots/list_changed", eraSessions},
	{"roots", eraBoth},
}

// knownMethods are the method words for a session on transport: those of
// its era once it is known (a 2026 server has no initialize or ping, an
// older one no server/discover), all of them before.
func knownMethods(transport string) []string {
	want := eraBoth
	switch transport {
	case mcp.TransportStateless:
		want = eraModern
	case mcp.TransportSSE, mcp.TransportStreamable:
		want = eraSessions
	}
	out := make([]string, 0, len(methodWords))
	for _, w := range methodWords {
		if want == eraBoth || w.era == eraBoth || w.era == want {
			out = append(out, w.name)
		}
	}
	return out
}

// isMethodWord reports whether name is one of the methods the command line
// offers in any era.
func isMethodWord(name string) bool {
	for _, w := range methodWords {
		if w.name == name {
			return true
		}
	}
	return false
}
