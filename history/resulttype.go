package history

import (
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// What a 2026 answer's resultType says of its row: a round that asks for
// input, or a result that is invalid.

// AnswerResult is the exact bytes of the result of the JSON-RPC answer
// raw, read in place with the one scanner (an answer may be megabytes: it
// is neither copied nor indexed); false when raw has no result.
func AnswerResult(raw mcp.Raw) ([]byte, bool) {
	top, ok := mcp.Members(bytesOf(string(raw)), "result")
	if !ok || top[0] == nil {
		return nil, false
	}
	return top[0], true
}

// unknownResultType is mcp.UnknownResultType of a whole answer (raw, a
// JSON-RPC response): what is wrong with its result's resultType, or "".
func unknownResultType(method string, raw mcp.Raw) string {
	if !strings.Contains(string(raw), `"resultType"`) {
		return "" // the cheap test first: most answers of the older eras never say it
	}
	res, ok := AnswerResult(raw)
	if !ok {
		return ""
	}
	return mcp.UnknownResultType(method, res)
}

// InputRequired reports a 2026 result asking for input before it can end
// (resultType input_required): the request is not finished, a new round
// with the answers is.
func InputRequired(raw mcp.Raw) bool {
	if !strings.Contains(string(raw), `"input_required"`) {
		return false // the cheap test first: most answers never say it
	}
	// The one JSON scanner, as the session reads the same answer: with
	// encoding/json, a question nested past 10,000 levels in it made the
	// round read as the request's end here, and as a round there. Level by
	// level with no index, as the session finds resultType: indexed two
	// levels deep, a result of many members cost memory for each.
	result, ok := AnswerResult(raw)
	if !ok {
		return false
	}
	res, ok := mcp.Members(result, "resultType")
	if !ok {
		return false
	}
	rt, _ := mcp.TextOf(res[0])
	return rt == "input_required"
}
