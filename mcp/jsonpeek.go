package mcp

import (
	"bytes"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
)

// peeked is what the session reads of one JSON-RPC message: the exact
// bytes of its top-level members (views of the message, not copies), its
// method decoded, and whether its result says isError: true, which is how
// a tool call fails without failing the JSON-RPC call.
type peeked struct {
	id, result, errv, params []byte
	method                   string
	hasMethod                bool
	toolError                bool
	// A 2026 multi round-trip: a result that asks for input, with the
	// state to echo, and a request that answers one, with the state it
	// echoes (nil when there is none).
	inputRequired  bool
	requestState   []byte
	inputResponses bool
	echoedState    []byte
}

// isRPCError reports an answer that fails: its "error" is set, or it has
// no "result" beside an "error" of null (JSON-RPC 1.0's "no error", with
// nothing to read as the answer). An "error": null beside a result is
// that habit too, and the answer is the result.
func (p peeked) isRPCError() bool {
	return p.errv != nil && (string(p.errv) != "null" || p.result == nil)
}

// peekLimits index a message's members and its result's members: enough to
// classify and pair it, however large or deep the rest is, which is still
// checked to be JSON, once, without being indexed.
var peekLimits = jsonspan.Limits{Depth: 2, Children: 256, Values: 4096}

// peekMessage reads one message with the one JSON scanner. It reports false
// when b is not one JSON object.
func peekMessage(b []byte) (peeked, bool) {
	var p peeked
	doc, err := jsonspan.Parse(b, peekLimits)
	if err != nil || doc.Root().Kind() != jsonspan.Object {
		return p, false
	}
	root := doc.Root()
	p.id, p.params, p.errv = root.Get("id").Raw(), root.Get("params").Raw(), root.Get("error").Raw()
	if m := root.Get("method"); m.Exists() {
		p.hasMethod = true
		p.method, _ = m.Text()
	}
	if r := root.Get("result"); r.Exists() {
		p.result = r.Raw()
		ie := r.Get("isError")
		p.toolError = ie.Kind() == jsonspan.Bool && string(ie.Raw()) == "true"
		rt, _ := r.Get("resultType").Text()
		p.inputRequired = rt == "input_required"
		p.requestState = r.Get("requestState").Raw()
	}
	if pr := root.Get("params"); pr.Kind() == jsonspan.Object {
		p.inputResponses = pr.Get("inputResponses").Exists()
		p.echoedState = pr.Get("requestState").Raw()
	}
	return p, true
}

// notRPCWhy says why b, which peekMessage found no JSON-RPC message, is
// none, as words that follow "is" (a message came back that is ..., POST
// answered application/json that is ...): where it stops being JSON, or
// what JSON lacks. One wording for a stream's message and a JSON body.
func notRPCWhy(b []byte) string {
	switch doc, err := jsonspan.Parse(b, whyLimits); {
	case bytes.HasPrefix(b, []byte("\xef\xbb\xbf")):
		return "not JSON: it starts with a byte order mark, which JSON does not allow"
	case bytes.HasPrefix(b, []byte("event:")) || bytes.HasPrefix(b, []byte("data:")) || bytes.HasPrefix(b, []byte("id:")):
		return "not JSON: it reads as an event stream (event:, data: or id: lines), not one message"
	case err != nil:
		return "not JSON: " + err.Error()
	case doc.Root().Kind() != jsonspan.Object:
		return "JSON but no JSON-RPC message: it is not an object"
	}
	return "JSON but no JSON-RPC message: no method, result or error"
}

// whyLimits index little more than what notRPCWhy looks at, the root's
// kind (zero would mean no limit): a flood of messages that are not
// JSON-RPC costs a scan each, not an index.
var whyLimits = jsonspan.Limits{Depth: 1, Children: 1, Values: 2}

// eachMember calls fn with every member of a JSON object: its key and where
// its value is. It reports false when s is not a JSON object.
func eachMember(s string, fn func(key string, from, to int)) bool {
	doc, err := jsonspan.Parse(bytesOf(s), jsonspan.Limits{Depth: 1})
	if err != nil || doc.Root().Kind() != jsonspan.Object {
		return false
	}
	for k, v := range doc.Root().Members() {
		from, to := v.Span()
		fn(k, from, to)
	}
	return true
}

// eachElement calls fn with the exact text of every element of a JSON
// array; it reports false when s is not one.
func eachElement(s string, fn func(raw string)) bool {
	doc, err := jsonspan.Parse(bytesOf(s), jsonspan.Limits{Depth: 1})
	if err != nil || doc.Root().Kind() != jsonspan.Array {
		return false
	}
	for v := range doc.Root().Elements() {
		from, to := v.Span()
		fn(s[from:to])
	}
	return true
}
