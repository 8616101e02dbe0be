package mcp

import (
	"slices"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// inputAskers are the requests a 2026-07-28 server may answer with
// resultType "input_required" (the multi round-trip requests page,
// "Supported Requests"); it MUST NOT on any other. The tasks extension is
// no exception: a task asks through its status and tasks/update, not
// through resultType.
var inputAskers = []string{"tools/call", "prompts/get", "resources/read"}

// MayAskForInput reports whether a server may answer method with
// resultType "input_required": the one list the session's rounds, the
// log's rows and exec read.
func MayAskForInput(method string) bool { return slices.Contains(inputAskers, method) }

// InputShape says in one line what is wrong with a 2026 result of method
// that says resultType "input_required" where the specification forbids
// it, or "" when nothing is (the method may ask, or the result does not).
// Such an answer is malformed, not a question: mcpscope answers nothing,
// sends no second round, and reads the rest as the result. Sanitize the
// line before it is shown.
func InputShape(method string, result []byte) string {
	if MayAskForInput(method) {
		return ""
	}
	// Every member of the result is indexed, as inputAsked indexes them:
	// a resultType after the first 1,024 is the server's all the same.
	// Depth 1 keeps that to the members themselves, not the elements of a
	// list of thousands of tools; inputRequests' keys, counted whole, are
	// read only when there is something to say.
	root, ok := objectOf(result, 1)
	if !ok {
		return ""
	}
	if rt, _ := root.Get("resultType").Text(); rt != "input_required" {
		return ""
	}
	asked := ""
	if reqs, ok := objectOf(root.Get("inputRequests").Raw(), 1); ok {
		var keys []string
		for k := range reqs.Members() {
			keys = append(keys, k)
		}
		if len(keys) > 0 {
			asked = " asking for " + clip.ListFunc(keys, MaxListed, func(k string) string { return clip.Quote(k, 64) })
		}
	}
	last := len(inputAskers) - 1
	allowed := strings.Join(inputAskers[:last], ", ") + " and " + inputAskers[last]
	return clip.Quote(method, 64) + ` answered resultType "input_required"` + asked +
		", which the specification allows only on " + allowed +
		": a malformed answer; mcpscope answers nothing, sends it no second round and reads the rest as the result"
}
