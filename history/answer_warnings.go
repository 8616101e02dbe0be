package history

import (
	"bytes"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// NullResult is what is said of the result of an answer to method when it
// is null, "" for any other result: legal JSON, but no result, which each
// method's reader takes as an empty one ("(no content)", "0 tools"), as if
// the server had answered with nothing to show. initialize and
// server/discover are left to their own shape's words (InitShape).
func NullResult(method string, result []byte) string {
	if method == "initialize" || method == "server/discover" || string(bytes.TrimSpace(result)) != "null" {
		return ""
	}
	return "the result is null, which names no content: a JSON-RPC result must be there, and an MCP result is an object"
}

// AnsweredAnyway is what is said of an answer to our request id (its JSON
// text) after the server's notifications/cancelled named it
// (mcp.RPCMessage.CancelsOurs): without it, the result read as if the
// cancellation had never come.
func AnsweredAnyway(id string) string {
	return "the server answered request " + clip.Quote(id, 64) + " anyway, after saying it cancelled it"
}

// NullResultOf is NullResult of the whole answer raw to method, read in
// place; the cheap test first, as most answers hold no null.
func NullResultOf(method string, raw mcp.Raw) string {
	if !strings.Contains(string(raw), "null") {
		return ""
	}
	res, ok := AnswerResult(raw)
	if !ok {
		return ""
	}
	return NullResult(method, res)
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
	if null := NullResultOf(p.method, m.Raw); null != "" {
		p.extra().rarer().nullResult = null
	}
}
