package history

import (
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// What a 2026 answer's resultType says of its row when it is invalid (one
// that asks for input is read as it comes: mcp.RPCMessage.InputRequired).

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

// ResultTypeFailure is, for a row its answer's resultType failed, what is
// wrong with that resultType, where no error record says it (a recording
// edited, or made before the session logged one): the row read "failed"
// with no reason anywhere. "" for any other row.
func (p *Pair) ResultTypeFailure() string {
	if p.State != StateFailed || p.Failure != nil || p.Response == nil || p.Response.RPC == nil || p.Response.RPC.RPCError {
		return ""
	}
	return unknownResultType(p.Method, p.Response.RPC.Raw)
}
