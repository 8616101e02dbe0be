package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answer that names no session in its headers, but sends
// its Mcp-Session-Id (and MCP-Protocol-Version) only in the trailer of a
// chunked body, or two MCP-Protocol-Version headers that disagree, opens a
// session without an id, but no longer silently: the open state says
// what the server sent (clients ignore trailers).
func TestInitializeHeadersSaidWithoutASession(t *testing.T) {
	for _, tc := range []struct{ name, head, want string }{
		{"trailer", "Trailer: Mcp-Session-Id, MCP-Protocol-Version\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\nMcp-Session-Id: s1\r\nMCP-Protocol-Version: 2025-06-18\r\n\r\n",
			"the initialize answer sent Mcp-Session-Id and MCP-Protocol-Version only as a trailer (after its chunked body), which clients ignore"},
		{"two versions", "MCP-Protocol-Version: 2025-06-18\r\nMCP-Protocol-Version: 2025-03-26\r\nContent-Length: %d\r\n\r\n%s",
			`the initialize answer had 2 MCP-Protocol-Version headers that disagree, the others saying "2025-03-26"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url := initAnswering(t, func(init string) string {
				return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"+tc.head, len(init), init)
			})
			s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, RequestTimeout: 10 * time.Second, NoGetStream: true})
			rec := collect(s)
			if err := s.Connect(testCtx(t)); err != nil {
				t.Fatalf("Connect: %v", err)
			}
			open := rec.waitFor(t, "the open state", func(r Record) bool {
				return r.Kind == KindState && r.State != nil && r.State.State == StateOpen
			})
			if !strings.Contains(open.State.Detail, tc.want) || open.State.SessionID != "" {
				t.Errorf("open state = %q (session %q), want no session and %q", open.State.Detail, open.State.SessionID, tc.want)
			}
			if _, _, err := s.ListTools(testCtx(t), false); err != nil {
				t.Errorf("tools/list: %v", err)
			}
			s.Close()
			rec.waitEnd(t)
		})
	}
}

// initAnswering serves, over raw HTTP, an initialize answer that head
// writes around its JSON body init, and the answers after it as JSON.
func initAnswering(t *testing.T, head func(init string) string) string {
	return mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		if strings.Contains(string(body), `"initialize"`) {
			return head(`{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"headers","version":"1"}}}`), false
		}
		if !strings.Contains(string(body), `"id"`) {
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		answer := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"tools":[]}}`
		return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(answer), answer), false
	})
}

// An initialize answered as an event stream whose Mcp-Session-Id comes
// only in the trailer after its last chunk is said as the JSON answer's
// is: the open state names the trailer, and a server then wanting a
// session is told it sent its id only so, where it read as sending no
// Mcp-Session-Id header at all.
func TestEventStreamInitializeTrailerSaid(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		if strings.Contains(string(body), `"initialize"`) {
			ev := "event: message\ndata: " + `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"trailer","version":"1"}}}` + "\n\n"
			return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTrailer: Mcp-Session-Id\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\n0\r\nMcp-Session-Id: s1\r\n\r\n", len(ev), ev), false
		}
		if !strings.Contains(string(body), `"id"`) {
			return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
		}
		refusal := `{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}`
		return fmt.Sprintf("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(refusal), refusal), false
	})
	s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, RequestTimeout: 10 * time.Second, NoGetStream: true})
	rec := collect(s)
	if err := s.Connect(testCtx(t)); err != nil {
		t.Fatalf("Connect: %v", err)
	}
	open := rec.waitFor(t, "the open state", func(r Record) bool {
		return r.Kind == KindState && r.State != nil && r.State.State == StateOpen
	})
	if want := TrailerOnlyNote([]string{"Mcp-Session-Id"}); open.State.Detail != want {
		t.Errorf("open state = %q, want %q", open.State.Detail, want)
	}
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), "its Mcp-Session-Id came only as a trailer") {
		t.Errorf("tools/list = %v, want the refusal to say the id came only as a trailer", err)
	}
	s.Close()
	rec.waitEnd(t)
}
