package history

import (
	"bytes"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// ResultShape is what is said of result, an answer to method's, when it
// is no object, "" for an object: null is legal JSON, but no result,
// which each method's reader takes as an empty one ("(no content)", "0
// tools"), as if the server had answered with nothing to show; a string or
// an array was shown "✓ ok" with nothing in it read. initialize and
// server/discover are left to their own shape's words (InitShape).
func ResultShape(method string, result []byte) string {
	r := bytes.TrimSpace(result)
	if len(r) == 0 || method == "initialize" || method == "server/discover" {
		// No result at all is an error's answer, or none yet: not a
		// result of the wrong kind.
		return ""
	}
	if string(r) == "null" {
		return nullResult
	}
	if err := command.ObjectResult(method, result); err != nil {
		return err.Error() + ": an MCP result is an object, and nothing in this one can be read"
	}
	return ""
}

// nullResult is ResultShape's words for a result of null.
const nullResult = "the result is null, which names no content: a JSON-RPC result must be there, and an MCP result is an object"

// NullResult is ResultShape of a result that is null, "" for any other:
// exec prints nothing else of it, there being nothing to show.
func NullResult(method string, result []byte) string {
	if string(bytes.TrimSpace(result)) != "null" {
		return ""
	}
	return ResultShape(method, result)
}

// IsNullResult reports whether words, ResultShape's, say the result is
// null (a row marks it "null?", where another kind is "shape?").
func IsNullResult(words string) bool { return words == nullResult }

// AnsweredAnyway is what is said of an answer to our request id (its JSON
// text) after the server's notifications/cancelled named it
// (mcp.RPCMessage.CancelsOurs): without it, the result read as if the
// cancellation had never come.
func AnsweredAnyway(id string) string {
	return "the server answered request " + clip.Quote(id, 64) + " anyway, after saying it cancelled it"
}

// ResultShapeOf is ResultShape of answer m to method, its result read
// only when what m read of itself as it came says it is no object
// (mcp.RPCMessage.OddResult): most answers' is.
func ResultShapeOf(method string, m *mcp.RPCMessage) string {
	if m.OddResult == 0 {
		return ""
	}
	res, ok := AnswerResult(m.Raw)
	if !ok {
		return ""
	}
	return ResultShape(method, res)
}

// serverCancelled notes on our request's row that the server's
// notifications/cancelled m named it, and by which id (the cancellation's
// own, which may be spelt otherwise than ours, 1.0 for 1), so an answer
// after is said to come anyway (AnsweredAnyway) quoting that id, as exec
// does and as the cancellation's own row reads.
func (l *Log) serverCancelled(m *mcp.RPCMessage) {
	if m.CancelsOurs == nil {
		return
	}
	_, p := l.row(m.CancelsOurs.Seq)
	if p == nil || p.kind() != KindRequest || p.resp != 0 {
		return
	}
	if w, ok := ReadNoteOf(m); ok {
		p.extra().rarer().cancelledAs = w.Cancelled
	}
}

// answerWarnings keeps on row p what is wrong with its answer m that its
// state does not say: a result of null, an answer after the server said it
// cancelled the request.
func (l *Log) answerWarnings(p *row, m *mcp.RPCMessage) {
	if id := p.more.rareOf().cancelledAs; id != "" {
		p.more.rarer().anyway = AnsweredAnyway(id)
	}
	if m.RPCError {
		return
	}
	if shape := ResultShapeOf(p.method, m); shape != "" {
		p.extra().rarer().nullResult = shape
	}
}
