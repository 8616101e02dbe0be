package history

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// getStreamOutcome runs a session with a server without sessions whose GET
// answers status with body, until the session says what became of the GET
// stream (a state, or an error); it returns that state, the errors and the
// log of the session.
func getStreamOutcome(t *testing.T, status int, contentType, body string) (string, []string, *Log) {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true})
	front := mcptest.Front(t, srv.URL, func(w http.ResponseWriter, r *http.Request, _ []byte) bool {
		if r.Method != http.MethodGet {
			return false
		}
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
		return true
	})

	s := mcp.NewSession(mcp.Config{URL: front.URL + "/mcp", Transport: mcp.TransportStreamable})
	t.Cleanup(func() { s.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	l := NewLog()
	var errs []string
	var getState string
	for getState == "" && len(errs) == 0 {
		select {
		case b, ok := <-s.Records():
			if !ok {
				t.Fatal("the session ended before the GET stream was tried")
			}
			l.Append(b...)
			for _, r := range b {
				if r.Kind == mcp.KindError {
					errs = append(errs, r.Error.Message)
				}
				if r.Kind == mcp.KindState && r.State.State == mcp.StateGetStream {
					getState = r.State.Detail
				}
			}
		case <-ctx.Done():
			t.Fatal("no word on the GET stream within 10s")
		}
	}
	return getState, errs, l
}

// A server without sessions whose URL has no GET route (the TypeScript SDK
// behind Express: 404 text/html, as the conformance suite's tools_call
// server does) offers no GET stream. The negotiation says so, as it does
// for 405, and raises no "nothing answers at this URL" problem: POSTs to the
// same URL are answered.
func TestNegotiationGET404WithoutSessionIsNoGetStream(t *testing.T) {
	getState, errs, l := getStreamOutcome(t, http.StatusNotFound, "text/html; charset=utf-8", "<!DOCTYPE html>\n<pre>Cannot GET /mcp</pre>\n")
	if !strings.Contains(getState, "no GET stream") || !strings.Contains(getState, "404") {
		t.Errorf("GET stream %q, want it said that the server offers none (404)", getState)
	}
	if len(errs) > 0 {
		t.Errorf("errors %q, want none: the GET stream is optional", errs)
	}
	n := l.Negotiation()
	if n.GetStream != getState {
		t.Errorf("negotiation GET %q, want %q", n.GetStream, getState)
	}
	for _, p := range n.Problems {
		t.Errorf("problem %q (%s), want none", p.Message, p.Level)
	}
}

// A GET stream refused with 400 (the conformance suite's initialize server
// reads the GET's empty body as JSON) is a problem whose advice is about
// the GET stream, not about "the message" a GET does not carry.
func TestNegotiationGET400AdviceIsAboutTheGetStream(t *testing.T) {
	_, errs, l := getStreamOutcome(t, http.StatusBadRequest, "application/json", `{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error SyntaxError: Unexpected end of JSON input"}}`)
	if len(errs) == 0 {
		t.Fatal("no error for a GET answered 400")
	}
	var said string
	for _, p := range l.Negotiation().Problems {
		if strings.Contains(p.Message, "400") {
			said = p.Advice(advice.TUI)
		}
	}
	if !strings.Contains(said, "GET stream") || !strings.Contains(said, "--no-get-stream") || strings.Contains(said, "rejected the message") {
		t.Errorf("advice for the GET's 400: %q, want it about the optional GET stream and --no-get-stream", said)
	}
}
