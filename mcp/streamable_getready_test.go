package mcp

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request sent right after initialize finds the GET stream open: a
// server that sends its own request on the GET stream when a tool is
// called, and drops it when no GET stream is open (the TypeScript SDK
// without an event store, as the conformance suite's SEP-1034 server is),
// gets its elicitation answered even when it is slow to answer the GET.
func TestStreamableFirstRequestAfterInitializeFindsTheGetStream(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		resp, err := x.Session.Request(x.Context(), "elicitation/create", map[string]any{"mode": "form", "message": "ok?", "requestedSchema": map[string]any{"type": "object"}})
		if err != nil {
			x.Error(-32603, "the elicitation went nowhere: "+err.Error())
			return
		}
		x.Result(map[string]any{"content": []map[string]string{{"type": "text", "text": "answered " + string(resp)}}})
	}})
	// The GET is answered a little late, as by a server far away: late
	// enough that a request sent at once after initialize would beat it.
	front := mcptest.Front(t, srv.URL, func(w http.ResponseWriter, r *http.Request, _ []byte) bool {
		if r.Method == http.MethodGet {
			select {
			case <-time.After(300 * time.Millisecond):
			case <-r.Context().Done():
				return true
			}
		}
		return false
	})

	s := NewSession(Config{URL: front.URL + "/mcp", Transport: TransportStreamable, Answerer: &countingAnswerer{}})
	defer s.Close()
	go func() {
		for range s.Records() {
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	resp, err := s.CallTool(ctx, "form", []byte(`{}`))
	if err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	if !strings.Contains(string(resp.Result), `answered {\"jsonrpc\":\"2.0\",\"id\":`) || !strings.Contains(string(resp.Result), `decline`) {
		t.Errorf("tools/call answered %s, want the elicitation on the GET stream answered", resp.Result)
	}
}
