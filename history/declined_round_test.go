package history

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2026 tools/call whose sampling request the user declined ends
// declined, the end they chose: the revision has no answer that declines
// sampling, so the call is not sent again, and its row read "✗ failed" as
// if something had gone wrong. The same decline in 2025 answers the
// server (-1) and the call gets its result, which rerun_declined_test
// covers.
func TestLogDeclinedSamplingRoundEndsDeclined(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	var callErr error
	l := logOf(t, mcp.Config{URL: srv.StatelessURL(), Transport: mcp.TransportStateless, NoListen: true, Answerer: declining{}}, func(ctx context.Context, s *mcp.Session) {
		_, callErr = s.CallTool(ctx, "sample", json.RawMessage(`{"prompt":"hi"}`))
	})
	if !errors.Is(callErr, mcp.ErrDeclined) {
		t.Fatalf("CallTool = %v, want the decline", callErr)
	}
	var states []PairState
	for i := range l.PairCount() {
		if p := l.Pair(i); p.Method == "tools/call" {
			states = append(states, p.State)
		}
	}
	if len(states) != 1 || states[0] != StateDeclined || states[0].Failed() {
		t.Errorf("tools/call rows %v, want one, declined and not failed", states)
	}
}

// mcpscope sessions counts a declined 2026 call as the bar does, no
// error: it listed the session with one for the decline's record, where
// the bar read "0 err" and the row "⊘ declined".
func TestSessionsCountADeclinedRoundAsTheBarDoes(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	l := logOf(t, mcp.Config{URL: srv.StatelessURL(), Transport: mcp.TransportStateless, NoListen: true, Answerer: declining{}}, func(ctx context.Context, s *mcp.Session) {
		_, _ = s.CallTool(ctx, "sample", json.RawMessage(`{"prompt":"hi"}`))
	})
	recs := make([]mcp.Record, l.Len())
	for i := range recs {
		recs[i] = *l.At(i)
	}
	bar := l.Stats().Errors
	if listed := describe(record(t, recs, RecordOptions{})).Errors; listed != bar || bar != 0 {
		t.Errorf("sessions lists the declined call with %d errors, the bar %d; want none", listed, bar)
	}
}
