package history

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer labelled first application/json, then text/event-stream works
// here, read by the first, but a client on fetch joins the two and the
// TypeScript SDK reads it as an event stream: the Negotiation pane (and
// exec, asking the same check) warns once per session, with advice, where
// it passed silently. One label said twice is no problem.
func TestNegotiationWarnsOfAnswerLabelledTwoTypes(t *testing.T) {
	for _, tt := range []struct {
		labels []string
		warns  int
	}{
		{[]string{"application/json", "text/event-stream"}, 1},
		{[]string{"application/json", "application/json; charset=utf-8"}, 0},
		// An empty second label: fetch joins "application/json, ",
		// which the TypeScript SDK reads as JSON, as mcpscope does.
		{[]string{"application/json", ""}, 0},
	} {
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
			if x.Method != "tools/list" {
				x.Default()
				return
			}
			x.Header()["Content-Type"] = tt.labels
			x.Status(http.StatusOK, "", `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[]}}`)
		}})
		l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
			for range 2 {
				if _, _, err := s.ListTools(ctx, false); err != nil {
					t.Fatalf("%v: tools/list: %v", tt.labels, err)
				}
			}
		})
		var warned []Problem
		for _, p := range l.Negotiation().Problems {
			if strings.Contains(p.Message, "Content-Type") {
				warned = append(warned, p)
			}
		}
		want := `the server labelled an answer "application/json" (the first of 2 Content-Type headers, the others saying "text/event-stream"): mcpscope read it by the first`
		if len(warned) != tt.warns || tt.warns > 0 && (warned[0].Message != want || !strings.Contains(warned[0].Advice(advice.TUI), "TypeScript SDK")) {
			t.Errorf("%v: problems %+v, want %d saying %q, with advice", tt.labels, warned, tt.warns, want)
		}
	}
}

// Labels that a joining client reads as the first says are no problem: a
// first text/event-stream is an event stream to both, whatever follows.
func TestLabelsReadAlikeAreNoProblem(t *testing.T) {
	for _, tt := range []struct {
		labels []string
		differ bool
	}{
		{[]string{"text/event-stream", "application/json"}, false},
		{[]string{"application/json", ""}, false},
		{[]string{"application/json"}, false},
		{[]string{"application/json", "Text/Event-Stream"}, true},
		{[]string{"text/plain", "application/json"}, true},
	} {
		if got := differentTypes(map[string][]string{"Content-Type": tt.labels}); got != tt.differ {
			t.Errorf("%q: read differently = %v, want %v", tt.labels, got, tt.differ)
		}
	}
}

// A JSON answer labelled charset=iso-8859-1 with latin-1 in it is read as
// UTF-8, its é a U+FFFD: the Negotiation pane (and exec, asking the same
// check) says why, once per session for the charset however many answers
// came so, and however its label is written, where only the answer's
// record named it.
func TestNegotiationSaysAnswerCharsetOnce(t *testing.T) {
	// Labels are case-insensitive (RFC 2978): one charset, however written.
	labels := []string{"iso-8859-1", "ISO-8859-1", "Iso-8859-1"}
	var n atomic.Int32
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		label := labels[int(n.Add(1)-1)%len(labels)]
		x.Status(http.StatusOK, "application/json; charset="+label, `{"jsonrpc":"2.0","id":`+string(x.ID)+`,"result":{"tools":[{"name":"caf`+"\xe9"+`","inputSchema":{"type":"object"}}]}}`)
	})})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
		for range 3 {
			if _, _, err := s.ListTools(ctx, false); err != nil {
				t.Fatalf("tools/list: %v", err)
			}
		}
	})
	want := `a JSON answer held bytes that are not UTF-8: it is labelled charset=iso-8859-1: JSON is UTF-8 only, and mcpscope read it as UTF-8, so its bytes that are not UTF-8 show as U+FFFD (mcpscope decodes no other charset)`
	var said []string
	for _, p := range l.Negotiation().Problems {
		if strings.Contains(p.Message, "charset") {
			said = append(said, p.Message)
		}
	}
	if len(said) != 1 || said[0] != want {
		t.Errorf("the pane says %q, want once %q", said, want)
	}
}
