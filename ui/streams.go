package ui

import (
	"strings"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// resumedMark follows the stream label of an event that came after its
// stream was resumed with Last-Event-ID.
const resumedMark = "↻"

// streamLabel names the stream an event came on, short enough for a
// column: "sse", "get", "listen", or "resp 7" for the response stream of
// the request whose id is 7, marked ↻ once that stream was resumed.
func streamLabel(log *history.Log, ev *mcp.Record) string {
	e := ev.Event
	if e.Stream != mcp.StreamResponse {
		return wireLine(streamKind(e), 16)
	}
	p := log.PairOf(e.ReqSeq)
	if p == nil {
		return streamKind(e) + " ?"
	}
	label := streamKind(e) + " " + wireLine(p.ID, 64)
	if p.ResumedAt(ev.Seq) {
		label += resumedMark
	}
	return label
}

// streamKind is the STREAM column's label but for the request a response
// stream answers, which only the log knows: it needs nothing but the
// event, so the events filter reads it off the update loop.
func streamKind(e *mcp.SSEEvent) string {
	switch e.Stream {
	case "", mcp.StreamLegacy:
		return "sse"
	case mcp.StreamResponse:
		return "resp"
	}
	return e.Stream
}

// streamWords says in words which stream an event or message came on, for
// the detail pane: "the response stream of request 7 (tools/call slow),
// resumed", "the subscriptions/listen stream of request 2".
func streamWords(log *history.Log, stream string, reqSeq, seq int64) string {
	switch stream {
	case "", mcp.StreamLegacy:
		return "the legacy SSE stream"
	case mcp.StreamGet:
		return "the session's GET stream"
	case mcp.StreamListen:
		// A session may have had several (subscribing reopens it, and a
		// listen typed by hand is one more): which, by its request's id.
		if p := log.PairOf(reqSeq); p != nil && p.ID != "" {
			return "the subscriptions/listen stream of request " + wireLine(p.ID, 64)
		}
		return "the subscriptions/listen stream"
	case mcp.StreamJSON:
		return "the POST's application/json answer"
	case mcp.StreamResponse:
		p := log.PairOf(reqSeq)
		if p == nil {
			return "the response stream of a request not in this log"
		}
		s := "the response stream (SSE) of request " + wireLine(p.ID, 64) + " (" + pairTitle(p) + ")"
		if p.ResumedAt(seq) {
			s += ", resumed with Last-Event-ID"
		}
		return s
	}
	return "the " + wireLine(stream, 32) + " stream"
}

// pairTitle is a row's method (mcp.NameShown), and its tool for
// tools/call; the tool and the subject come cut with their mark, which the
// bound of 200 bytes keeps. A message of ours or the server's with an
// empty or blank method says "(no method)" (mcp.MethodShown) wherever it
// is named; an answer to no request of ours has no method of its own,
// and says what it is instead (foreignTitle), in its row and in Detail's
// heading alike.
func pairTitle(p *history.Pair) string {
	method := mcp.MethodShown(p.Method)
	if p.Kind == history.KindForeign {
		if strings.TrimSpace(p.Method) == "" {
			return foreignTitle(p)
		}
		method = mcp.NameShown(p.Method)
	}
	t := sanitize.Line(method)
	if p.Tool != "" {
		t += " " + wireLine(p.Tool, 200)
	} else if p.Subject != "" {
		t += " " + wireLine(p.Subject, 200)
	}
	return t
}

// foreignTitle says what an answer to no request of ours is, in place of
// the method it has none of; short, for the METHOD column.
func foreignTitle(p *history.Pair) string {
	switch {
	case p.ID == "":
		return "(an answer with no id)"
	case p.NullIDError():
		// Why a request of ours failed (see NullIDError), not an answer
		// meant for another client.
		return "(id null: request unreadable)"
	}
	return "(answer to an id we never sent)"
}
