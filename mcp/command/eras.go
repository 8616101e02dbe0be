package command

import (
	"slices"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// Era says in which era of MCP a method exists.
type Era int

const (
	EraBoth     Era = iota // every era (2026 maps subscribe and setLevel onto its own ways)
	EraSessions            // 2024-11-05 to 2025-11-25: initialize, ping, tasks/list and tasks/result
	EraModern              // 2026-07-28 only (with its extensions)
)

// methodEras are the words the command line offers first: MCP's requests
// and notifications a client sends, and roots, mcpscope's own command for
// the roots it offers, each with its era. Any other method name can still
// be typed and sent.
var methodEras = []struct {
	name string
	era  Era
}{
	{"initialize", EraSessions},
	{"tools/list", EraBoth}, {"tools/call", EraBoth}, {"ping", EraSessions},
	{"resources/list", EraBoth}, {"resources/templates/list", EraBoth}, {"resources/read", EraBoth},
	{"resources/subscribe", EraBoth}, {"resources/unsubscribe", EraBoth},
	{"prompts/list", EraBoth}, {"prompts/get", EraBoth}, {"completion/complete", EraBoth}, {"logging/setLevel", EraBoth},
	{"server/discover", EraModern}, {mcp.ListenMethod, EraModern},
	// Tasks: 2025-11-25's, and 2026's tasks extension (get, update, cancel).
	{"tasks/list", EraSessions}, {"tasks/get", EraBoth}, {"tasks/result", EraSessions}, {"tasks/update", EraModern}, {"tasks/cancel", EraBoth},
	{"notifications/initialized", EraSessions}, {"notifications/cancelled", EraBoth}, {"notifications/roots/list_changed", EraSessions},
	{"roots", EraBoth},
}

// MethodsFor are the method words for a session on transport: those of
// its era once it is known (a 2026 server has no initialize or ping, an
// older one no server/discover), all of them before.
func MethodsFor(transport string) []string {
	want := EraBoth
	switch transport {
	case mcp.TransportStateless:
		want = EraModern
	case mcp.TransportSSE, mcp.TransportStreamable:
		want = EraSessions
	}
	out := make([]string, 0, len(methodEras))
	for _, w := range methodEras {
		if want == EraBoth || w.era == EraBoth || w.era == want {
			out = append(out, w.name)
		}
	}
	return out
}

// IsMethodWord reports whether name is one of the methods the command
// line offers in any era.
func IsMethodWord(name string) bool {
	_, ok := eraOf(name)
	return ok
}

// eraOf is the era of a method the command line offers, false for any
// other method.
func eraOf(name string) (Era, bool) {
	for _, w := range methodEras {
		if w.name == name {
			return w.era, true
		}
	}
	return EraBoth, false
}

// EraNote is what the edges say, as a method goes, of a method of another
// era than the session's, or "" otherwise: a 2026-07-28 method sent in a
// session of an older era (transport sse or streamable, protocol the
// version its initialize answer named, "" before initialize), or a method
// of the older eras sent as typed in a 2026-07-28 session (transport
// stateless). It is sent still, as the user may be testing the server; but
// an older server may take a 2026 method and never answer (the Go SDK
// does), and the user would wait the whole timeout with nothing said,
// and a 2026 server refuses an older request as an unknown method or
// takes an older notification and ignores it, which read as the server's
// fault.
func EraNote(method, transport, protocol string) string {
	era, _ := eraOf(method)
	switch {
	case transport == mcp.TransportStateless && era == EraSessions && method != "initialize":
		// initialize is not sent as typed there: the session sends its
		// own server/discover instead (Session.InitializeWith).
		return method + " belongs to the eras before " + mcp.ProtocolModern + " and this session speaks " + mcp.ProtocolModern +
			": sent as typed, but the server may refuse it as an unknown method or ignore it"
	case transport != mcp.TransportSSE && transport != mcp.TransportStreamable, era != EraModern:
		return ""
	}
	speaks := protocol
	switch {
	case speaks == "":
		speaks = "an older era's protocol (initialize)"
	case !slices.Contains(mcp.InitializeEra, protocol):
		// The server named a version of no older era (2026-07-28
		// itself, or one unknown): the session opened with
		// initialize all the same, and goes on with the messages
		// mcpscope offered. The version is the server's text.
		speaks = mcp.ProtocolVersion + "'s messages (its server named " + clip.Quote(protocol, 64) + ")"
	}
	return method + " belongs to " + mcp.ProtocolModern + " and this session speaks " + speaks +
		": sent as typed, but the server may hold it without an answer or refuse it"
}
