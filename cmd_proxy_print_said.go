package main

import (
	"fmt"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// What the proxy's headless lines add to upstream's answers that break
// the rules, in exec's words (cmd_server_said.go).

// serverSaid is what is wrong with a message of upstream's that its line
// does not say, in exec's words, "" when nothing is: progress that goes
// back or past its total, an answer after a cancellation naming its
// request, an opening result not of its shape.
func (lp *linePrinter) serverSaid(r *mcp.Record) string {
	if said := progressSaid(&lp.progress, r); said != "" {
		return said
	}
	m := r.RPC
	if r.Kind != mcp.KindReceived || m == nil {
		return ""
	}
	if anyway := lp.cancels.look(r); anyway != "" {
		return anyway
	}
	if m.Class != mcp.ClassResponse && m.Class != mcp.ClassLate || m.RPCError || m.Method != "initialize" && m.Method != "server/discover" {
		return ""
	}
	res, ok := history.AnswerResult(m.Raw)
	if !ok {
		return ""
	}
	if m.Method == "server/discover" {
		return mcp.DiscoverShape(res)
	}
	return mcp.InitializeShape(res)
}

// nullNote is what an answer's line says after a dash when its result is
// no object (ResultShape: null, a string), "" for an object; initialize and server/discover
// leave it to the line of their result's shape (serverSaid), as exec does.
func nullNote(m *mcp.RPCMessage) string {
	if m.RPCError {
		return ""
	}
	if shape := history.ResultShapeOf(m.Method, m); shape != "" {
		return " — " + shape
	}
	return ""
}

// idTwiceNote is what the line of an answer naming "id" twice says after a
// dash (mcp.IDTwice), "" for any other: the proxy pairs it by the last id,
// as exec does, but a client whose reader keeps the first pairs it
// otherwise. Only an answer found ambiguous as it came (or a foreign one)
// is read again.
func idTwiceNote(m *mcp.RPCMessage) string {
	if m.Class != mcp.ClassForeign && !m.Ambiguous {
		return ""
	}
	if twice := mcp.IDTwice(m.Raw); twice != "" {
		return " — " + twice
	}
	return ""
}

// rpcErrorNote is what the line of an answer that is a JSON-RPC error says
// after a dash: its code and the server's message ("— code -32602: Resource
// demo://nope not found"), "" for any other answer. A bare "error 13ms"
// left a reader of a CI log to find the recording to learn which.
func rpcErrorNote(m *mcp.RPCMessage) string {
	if !m.RPCError {
		return ""
	}
	top, ok := mcp.Members([]byte(m.Raw), "error")
	if !ok || top[0] == nil {
		return ""
	}
	e := mcp.RPCErrorOf(top[0])
	if e.NoCode {
		return " — no code: " + sanitize.Line(e.MessageQuoted(maxErrorWords))
	}
	return fmt.Sprintf(" — code %d: %s", e.Code, sanitize.Line(e.MessageQuoted(maxErrorWords)))
}

// maxErrorWords bounds how much of a server's error message a line quotes:
// the recording keeps it whole.
const maxErrorWords = 300
