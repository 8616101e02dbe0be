package command

import (
	"slices"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// rootsWord is mcpscope's own command for the roots it offers, of every
// era: the command line offers it after MCP's methods (mcp.ClientMethods).
const rootsWord = "roots"

// MethodsFor are the method words for a session on transport: MCP's
// methods a client sends of its era once it is known (a 2026 server has
// no initialize or ping, an older one no server/discover), all of them
// before, then roots. Any other method name can still be typed and sent.
func MethodsFor(transport string) []string {
	want := mcp.TransportEra(transport)
	var out []string
	for name, era := range mcp.ClientMethods() {
		if want == mcp.EraBoth || era == mcp.EraBoth || era == want {
			out = append(out, name)
		}
	}
	return append(out, rootsWord)
}

// IsMethodWord reports whether name is one of the methods the command
// line offers in any era.
func IsMethodWord(name string) bool {
	_, ok := mcp.MethodEra(name)
	return ok || name == rootsWord
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
	era, _ := mcp.MethodEra(method)
	switch session := mcp.TransportEra(transport); {
	case session == mcp.EraModern && era == mcp.EraSessions && method != "initialize":
		// initialize is not sent as typed there: the session sends its
		// own server/discover instead (Session.InitializeWith).
		return method + " belongs to the eras before " + mcp.ProtocolModern + " and this session speaks " + mcp.ProtocolModern +
			": sent as typed, but the server may refuse it as an unknown method or ignore it"
	case session != mcp.EraSessions, era != mcp.EraModern:
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
