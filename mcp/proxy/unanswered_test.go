package proxy

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// sessionUpstream is an upstream that opens session s1 for an initialize,
// takes notifications with 202, answers anything else as initialize, but
// tools/list as toolsList does.
func sessionUpstream(t *testing.T, toolsList func(c net.Conn, r *http.Request)) string {
	return rawUpstream(t, func(c net.Conn, r *http.Request, body []byte) {
		id := "1"
		if i := strings.Index(string(body), `"id":`); i >= 0 {
			id = string(body)[i+5 : i+6]
		}
		switch {
		case strings.Contains(string(body), `"tools/list"`):
			toolsList(c, r)
		case strings.Contains(string(body), `"method":"notifications/`):
			_, _ = io.WriteString(c, "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n")
		default:
			answer := `{"jsonrpc":"2.0","id":` + id + `,"result":{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"up","version":"1"}}}`
			_, _ = fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: s1\r\nContent-Length: %d\r\n\r\n%s", len(answer), answer)
		}
	})
}

// sessionPoster initializes a session through the proxy at base and
// returns a function that posts a message in it and reads the answer.
func sessionPoster(t *testing.T, base string) func(body string, headers ...string) string {
	sid := rawInitialize(t, base)
	return func(body string, headers ...string) string {
		resp := rawPost(t, base+"/mcp", body, append([]string{"Accept", "application/json, text/event-stream", "Mcp-Session-Id", sid}, headers...)...)
		return readAll(t, resp.Body)
	}
}

// A session's request answered with an event stream that ends, whole,
// without the answer: with no event id the client cannot resume it, so
// the request fails saying so (as mcpscope's own session does). It used
// to wait for ever, and the lines said nothing after the request. With
// an id the client may resume it, and it still waits.
func TestSessionResponseStreamEndedWithoutTheAnswer(t *testing.T) {
	const note = "event: message\n%sdata: " + `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"working"}}` + "\n\n"
	up := sessionUpstream(t, func(c net.Conn, r *http.Request) {
		eventID := ""
		if r.Header.Get("X-Event-Id") != "" {
			eventID = "id: e1\n"
		}
		_, _ = fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"+note, eventID)
		c.Close()
	})
	_, base, w := startProxy(t, up, Config{})
	post := sessionPoster(t, base)
	if got := post(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); !strings.Contains(got, "working") {
		t.Fatalf("the client got %q, want upstream's stream as it came", got)
	}
	c := w.sessions()[0]
	failed := w.record(t, c.ID, "tools/list failed with its stream", func(r mcp.Record) bool {
		return r.Error != nil && r.Error.Cause == mcp.CauseNoResponse
	})
	if want := "the response stream ended without the answer, and no event had an id the client could resume it from"; !strings.Contains(failed.Error.Message, want) {
		t.Errorf("tools/list's failure says %q, want %q", failed.Error.Message, want)
	}

	post(`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`, "X-Event-Id", "yes")
	post(`{"jsonrpc":"2.0","id":4,"method":"ping"}`)
	w.record(t, c.ID, "ping answered", func(r mcp.Record) bool {
		return r.Kind == mcp.KindReceived && r.RPC.ID == "4"
	})
	for _, r := range w.records(c.ID) {
		if r.Error != nil && r.Error.Cause == mcp.CauseNoResponse && r.Error.ReqSeq != failed.Error.ReqSeq {
			t.Errorf("a stream with an event id the client can resume from failed its request: %s", r.Error.Message)
		}
	}
}

// A request answered 200 application/json with a body that is no JSON-RPC
// (an HTML error page, or the answer after a byte order mark): a JSON answer
// is whole, so no answer can come after it and the request fails saying so,
// and why the body is none, as a session's own POST says it. It used to
// wait for ever, a spinner in an ended session; then it said only that the
// body held no answer, though it held the answer in plain sight.
func TestSessionJSONAnswerThatHoldsNoAnswer(t *testing.T) {
	for _, tc := range []struct{ body, why string }{
		{"<html>oops</html>", "not JSON: no JSON value starts here"},
		{"\ufeff" + `{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}`, "not JSON: it starts with a byte order mark, which JSON does not allow"},
	} {
		up := sessionUpstream(t, func(c net.Conn, r *http.Request) {
			_, _ = fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(tc.body), tc.body)
		})
		_, base, w := startProxy(t, up, Config{})
		post := sessionPoster(t, base)
		if got := post(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`); got != tc.body {
			t.Fatalf("the client got %q, want upstream's body as it came", got)
		}
		failed := w.record(t, w.sessions()[0].ID, "tools/list failed", func(r mcp.Record) bool {
			return r.Error != nil && r.Error.Cause == mcp.CauseNoResponse
		})
		want := "answered 200 OK with a JSON body that is " + tc.why
		if msg := failed.Error.Message; !strings.Contains(msg, want) || !strings.HasSuffix(msg, ", so it holds no answer (relayed to the client as it came)") {
			t.Errorf("tools/list's failure says %q, want %q and that it is no answer", msg, want)
		}
	}
}
