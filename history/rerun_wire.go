package history

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// wireOf is the method and the class a message the client sent went on
// the wire with: its raw JSON-RPC's, a request when it has an id, a
// notification when not. The record's method and class fields say the
// same but in a recording edited by hand, or written by another tool; the
// re-run plans, skips and sends by the raw's alone. A reply's raw names no
// method (its field says which request it answers), nor does raw that is
// not a JSON object with a string method: then both are the fields'. Any
// class but a request's or a notification's (a reply, a batch) is the
// field's.
func wireOf(r *mcp.RPCMessage) (string, mcp.Class) {
	if r.Class == mcp.ClassReply {
		return r.Method, r.Class
	}
	m, ok := mcp.Members(bytesOf(string(r.Raw)), "method", "id")
	if !ok {
		return r.Method, r.Class
	}
	method, ok := mcp.TextOf(m[0])
	if !ok {
		return r.Method, r.Class
	}
	class := r.Class
	switch {
	case class != mcp.ClassRequest && class != mcp.ClassNotification:
	case m[1] == nil:
		class = mcp.ClassNotification
	default:
		class = mcp.ClassRequest
	}
	return method, class
}

// sentMethod is the method and the class a re-run sends r with (wireOf),
// and when the record's method field says another method, why the two differ in words the
// report shows; so it says when r's raw is no JSON object, sent as its
// method field says with no params.
func sentMethod(r *mcp.RPCMessage) (method string, class mcp.Class, mismatch string) {
	method, class = wireOf(r)
	if class == mcp.ClassRequest || class == mcp.ClassNotification {
		if _, ok := mcp.Members(bytesOf(string(r.Raw)), "params"); !ok {
			// Edited into text that is no message: what it sent is
			// gone, its params with it, and the method field is all
			// that is left to send.
			return method, class, fmt.Sprintf("its raw JSON-RPC, what was sent, is not a JSON object: sent %s, as the record's method field says, without params", quotedName(method))
		}
	}
	if method == r.Method {
		return method, class, ""
	}
	return method, class, fmt.Sprintf("the record's method field says %s but its raw JSON-RPC, what was sent, says %s: sent %s",
		quotedName(r.Method), quotedName(method), quotedName(method))
}

// quotedName is a method name quoted in a report line, cut to what a line
// holds.
func quotedName(s string) string { return strconv.Quote(clip.Quote(s, 100)) }

// paramsOf takes the params member out of a recorded message, unchanged.
func paramsOf(raw mcp.Raw) json.RawMessage {
	var m struct {
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal([]byte(raw), &m) != nil {
		return nil
	}
	return m.Params
}
