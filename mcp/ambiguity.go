package mcp

import (
	"fmt"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// Ambiguities names what in a JSON-RPC message JSON readers may take
// differently, so a person sees that what mcpscope shows is one reading:
// a member named twice in the message, in its result or in its result's
// capabilities (JSON leaves which counts to the reader; mcpscope, like
// encoding/json, takes the last), an answer with both result and error, a
// "jsonrpc" member missing or not "2.0" (lenient readers take it, strict
// ones refuse it), an id that is no string, number or null (or a
// request's null one), and an integer id written with a fraction or an
// exponent (1.0). Nil for a clean message.
func Ambiguities(raw Raw) []string {
	root, ok := objectOf(bytesOf(string(raw)), 2)
	if !ok {
		return nil
	}
	return ambiguitiesOf(root)
}

// ambiguitiesOf is Ambiguities of a message read two levels deep (its
// members and its result's).
func ambiguitiesOf(root jsonspan.Value) []string {
	var out []string
	twice := func(where string, v jsonspan.Value) {
		seen := map[string]int{}
		var order []string
		for k := range v.Members() {
			if seen[k] == 0 {
				order = append(order, k)
			}
			seen[k]++
		}
		for _, k := range order {
			if n := seen[k]; n > 1 && len(out) < MaxListed {
				out = append(out, fmt.Sprintf("%s has %d %q members: readers differ on which counts, and mcpscope took the last", where, n, clip.Quote(k, 64)))
			}
		}
	}
	// Lenient readers, mcpscope among them, take an answer without
	// "jsonrpc": "2.0"; the MCP SDKs refuse it, so a client built on
	// one would never see it.
	v := root.Get("jsonrpc")
	switch text, ok := v.Text(); {
	case !root.Get("id").Exists() && !root.Get("method").Exists():
		// Not a message: what stands for one (a listen's
		// acknowledgement is its params).
	case !v.Exists():
		out = append(out, `it has no "jsonrpc": "2.0" member, which JSON-RPC 2.0 requires: clients built on the MCP SDKs refuse it`)
	case !ok || text != "2.0":
		out = append(out, fmt.Sprintf(`its "jsonrpc" is %s, not "2.0": clients built on the MCP SDKs refuse it`, clip.Quote(string(v.Raw()), 64)))
	}
	switch id := root.Get("id"); id.Kind() {
	case jsonspan.Object, jsonspan.Array, jsonspan.Bool:
		// mcpscope answers a request with its id as it came (a server
		// matches by what it wrote); the SDKs' clients refuse the message.
		out = append(out, fmt.Sprintf(`its "id" is %s (%s), where JSON-RPC allows only a string, a number or null: clients built on the MCP SDKs refuse it`, id.KindName(), clip.Quote(string(id.Raw()), 64)))
	case jsonspan.Null:
		// Null is JSON-RPC's id of an error answer to a message that
		// could not be read; a request must be answerable.
		if root.Get("method").Exists() {
			out = append(out, `its "id" is null, which MCP forbids in a request (a string or an integer): clients built on the MCP SDKs refuse it`)
		}
	}
	if id := root.Get("id"); id.Kind() == jsonspan.Number {
		// -0 is 0 to every reader (Python's too): written so, no
		// fraction, nothing to differ on.
		if n, ok := sameInteger(string(id.Raw())); ok && string(id.Raw()) != "-0" {
			out = append(out, fmt.Sprintf(`its "id" %s is the integer %s written another way: readers differ (the TypeScript and Go SDKs take it as %s, the Python SDK refuses a fraction there), and mcpscope took it as %s`, clip.Quote(string(id.Raw()), 64), n, n, n))
		}
	}
	twice("the message", root)
	if r := root.Get("result"); r.Kind() == jsonspan.Object {
		twice("its result", r)
		// An initialize or server/discover result's capabilities: one
		// named twice with other options ("tools": {"listChanged": true}
		// then {}) says two things of what the server offers. Read by an
		// index of their own bytes, as only these results have them.
		if c := r.Get("capabilities"); c.Kind() == jsonspan.Object {
			if caps, ok := objectOf(c.Raw(), 1); ok {
				twice("its capabilities", caps)
			}
		}
	}
	// "error": null beside a result is JSON-RPC 1.0's habit, and reads one
	// way only.
	if e := root.Get("error"); root.Get("result").Exists() && e.Exists() && e.Kind() != jsonspan.Null {
		out = append(out, `it has both "result" and "error", which JSON-RPC forbids: mcpscope read it as the error`)
	}
	return out
}
