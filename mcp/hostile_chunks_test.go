package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer whose chunked framing is broken, as JSON or as an event
// stream, is said to be HTTP a client cannot read: it used to be "the JSON
// answer broke off" or a stream that "ended before its answer", whose
// advice is to run the command again.
func TestAnswerWithBrokenChunksIsBadHTTP(t *testing.T) {
	for _, ct := range []string{"application/json", "text/event-stream"} {
		url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
			if strings.Contains(string(body), `"initialize"`) {
				init := `{"jsonrpc":"2.0","id":` + mcptest.RawID(string(body)) + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"chunks","version":"1"}}}`
				return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: s1\r\nContent-Length: %d\r\n\r\n%s", len(init), init), false
			}
			if !strings.Contains(string(body), `"id"`) {
				return "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false
			}
			return "HTTP/1.1 200 OK\r\nContent-Type: " + ct + "\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"jso\r\nZZZ\r\n", true
		})
		s := NewSession(Config{URL: url + "/mcp", Transport: TransportStreamable, RequestTimeout: 10 * time.Second, NoGetStream: true})
		rec := collect(s)
		if err := s.Connect(testCtx(t)); err != nil {
			t.Fatalf("%s: Connect: %v", ct, err)
		}
		_, _, err := s.ListTools(testCtx(t), false)
		if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "chunked framing is broken") {
			t.Errorf("%s: tools/list = %v (cause %q), want the broken chunks named as HTTP a client cannot read", ct, err, CauseOf(err))
		}
		s.Close()
		rec.waitEnd(t)
	}
}

// A legacy stream whose chunked framing breaks right after its endpoint
// event leaves the next request saying so, as HTTP a client cannot read:
// reconnecting would read the same framing.
func TestLegacyStreamWithBrokenChunks(t *testing.T) {
	url := mcptest.RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		ep := "event: endpoint\ndata: /message\n\n"
		return fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n%s\r\nZZZ\r\n", len(ep), ep), true
	})
	s, rec := connect(t, Config{URL: url + "/sse", Transport: TransportSSE, RequestTimeout: 10 * time.Second})
	rec.waitFor(t, "the stream's end", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed
	})
	_, err := s.Request(testCtx(t), "tools/list", nil)
	if CauseOf(err) != CauseBadHTTP || !strings.Contains(err.Error(), "chunked framing is broken") {
		t.Errorf("Request = %v (cause %q), want the broken chunks of the stream named", err, CauseOf(err))
	}
	s.Close()
	rec.waitEnd(t)
}
