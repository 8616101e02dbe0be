package mcp

import (
	"bytes"
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
	// resultType is found in one pass with no memory per member, however
	// many come before it (a bounded index missed one past the first
	// 1,024, and an unbounded one cost memory per member of every result
	// of every request); inputRequests' keys are read only when there is
	// something to say.
	top, ok := Members(result, "resultType", "inputRequests")
	if !ok {
		return ""
	}
	if rt, _ := TextOf(top[0]); rt != "input_required" {
		return ""
	}
	asked := ""
	if reqs, ok := objectOf(top[1], 1); ok {
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

// resultTypes are the resultType values 2026-07-28 defines; mcpscope
// declares no extension that would add one.
var resultTypes = []string{"complete", "input_required"}

// UnknownResultType says in one line what is wrong with a 2026 result of
// method whose resultType is stated but is none the revision defines, or
// "" when nothing is (absent or null means complete). The specification:
// "A resultType of any value unrecognized by the client MUST be considered
// invalid", so such a result is no success, whatever else it holds.
// Sanitize the line before it is shown.
func UnknownResultType(method string, result []byte) string {
	if !bytes.Contains(result, []byte(`"resultType"`)) {
		return "" // the cheap test first: the key is spelled so or absent
	}
	top, ok := Members(result, "resultType")
	if !ok || top[0] == nil || string(top[0]) == "null" {
		return ""
	}
	rt, isText := TextOf(top[0])
	if isText && slices.Contains(resultTypes, rt) {
		return ""
	}
	stated := Excerpt(top[0])
	if isText {
		stated = `"` + clip.Quote(rt, 64) + `"`
	}
	return clip.Quote(method, 64) + " answered resultType " + stated + ", which is none of 2026-07-28's (" +
		strings.Join(resultTypes, ", ") + "): an invalid result, not a success"
}
