package proxy

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client's string id comes back from upstream as the same JSON string
// written with other escapes: a Python client's ensure_ascii "\u00e9t\u00e9"
// as "été" from the demo gateway (the Go SDK decodes and encodes it), and
// a raw id as escapes from a server that writes ASCII only. Every SDK
// pairs them; the proxy paired by the text and said "answer to an id the
// client never sent", with the request left unanswered.
func TestAnIDWrittenWithOtherEscapesIsAnswered(t *testing.T) {
	escapes := mcptest.OnMethod(t, "ping", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":"\u00e9t\u00e9 \u003c\/ok\u003e","result":{}}`)
	})
	for _, c := range []struct{ name, upstream, id string }{
		{"sent with escapes, answered without", "", `"\u00e9t\u00e9 \u003c\/ok\u003e"`},
		{"sent without escapes, answered with", escapes.Endpoint(), `"été </ok>"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var base string
			var w *watched
			var sid string
			if c.upstream == "" {
				base, sid, w = demoOpen(t)
			} else {
				_, base, w = startProxy(t, c.upstream, Config{})
				sid = rawInitialize(t, base)
			}
			readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":`+c.id+`,"method":"ping"}`,
				"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25").Body)
			answer := w.record(t, 1, "the ping's answer", func(r mcp.Record) bool {
				return r.RPC != nil && r.RPC.Dir == mcp.DirIn && r.RPC.Method == "ping"
			})
			if answer.RPC.Class != mcp.ClassResponse {
				t.Errorf("the answer to id %s reads as %q, want the ping's answer", c.id, answer.RPC.Class)
			}
		})
	}
}

// Two ids that are not the same string stay apart however they are
// written: the lone surrogates "\ud800" and "\udc00" both decode to
// U+FFFD, and a newline written "\n" is not a space.
func TestIDsThatDecodeAlikeButDifferStayApart(t *testing.T) {
	for _, c := range []struct{ sent, answered string }{{`"\ud800"`, `"\udc00"`}, {`"a\nb"`, `"a b"`}} {
		up := mcptest.OnMethod(t, "ping", func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + c.answered + `,"result":{}}`)
		})
		_, base, w := startProxy(t, up.Endpoint(), Config{})
		sid := rawInitialize(t, base)
		readAll(t, rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":`+c.sent+`,"method":"ping"}`,
			"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid, "MCP-Protocol-Version", "2025-11-25").Body)
		answer := w.record(t, 1, "the answer", func(r mcp.Record) bool {
			return r.RPC != nil && r.RPC.Dir == mcp.DirIn && r.RPC.ID == c.answered
		})
		if answer.RPC.Class != mcp.ClassForeign {
			t.Errorf("an answer with id %s to the request %s reads as %q, want one to an id never sent", c.answered, c.sent, answer.RPC.Class)
		}
	}
}

// An initialize whose id a Python client wrote with escapes, answered by
// the demo (the Go SDK) with the id written plainly: the proxy paired the
// answer, but the session's opening matched the id by its text, so it
// read "the initialize got no answer … no session began", and the
// client's next requests a session "begun before this proxy saw it".
func TestInitializeWithAnEscapedIDOpensTheSession(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":"\u00e9-1","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"py","version":"1"}}}`, "Accept", "application/json, text/event-stream")
	readAll(t, resp.Body)
	sid := resp.Header.Get("Mcp-Session-Id")
	if sid == "" {
		t.Fatalf("initialize answered %s with no session", resp.Status)
	}
	w.record(t, 1, "the session open", inState(mcp.StateOpen, "session "+sid))
}

// A client's initialize with the id 1.0 is answered 1 by a Go server (the
// same JSON number): the answer pairs with it and the session opens, as
// an answer 1.0 to a request 1 always did, where the proxy read the
// answer as one to an id never sent and then opened the session anyway.
func TestAnIntegerIDWrittenWithAFractionIsAnswered(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":1.0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`, "Accept", "application/json, text/event-stream")
	body := readAll(t, resp.Body)
	if !strings.Contains(body, `"id":1,`) {
		t.Fatalf("upstream answered %s, want the id written 1: %s", resp.Status, body)
	}
	sid := resp.Header.Get("Mcp-Session-Id")
	w.record(t, 1, "the session open", inState(mcp.StateOpen, "session "+sid))
	answer := w.record(t, 1, "initialize's answer", func(r mcp.Record) bool { return r.Kind == mcp.KindReceived && r.RPC != nil })
	if answer.RPC.Class != mcp.ClassResponse {
		t.Errorf("initialize's answer is %v, want it paired with the request 1.0", answer.RPC.Class)
	}
}

// A client's initialize with the id -0 is answered 0 by a Go server (the
// same JSON number): the proxy read it as an answer to an id the client
// never sent, said no session began, and filed the client's next request
// as one of a session begun before it saw.
func TestAnIDOfMinusZeroIsAnswered(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	_, base, w := startProxy(t, gw.URL, Config{})
	resp := rawPost(t, base+"/mcp", `{"jsonrpc":"2.0","id":-0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`, "Accept", "application/json, text/event-stream")
	body := readAll(t, resp.Body)
	if !strings.Contains(body, `"id":0,`) {
		t.Fatalf("upstream answered %s, want the id written 0: %s", resp.Status, body)
	}
	sid := resp.Header.Get("Mcp-Session-Id")
	w.record(t, 1, "the session open", inState(mcp.StateOpen, "session "+sid))
	answer := w.record(t, 1, "initialize's answer", func(r mcp.Record) bool { return r.Kind == mcp.KindReceived && r.RPC != nil })
	if answer.RPC.Class != mcp.ClassResponse {
		t.Errorf("initialize's answer is %v, want it paired with the request -0", answer.RPC.Class)
	}
}
