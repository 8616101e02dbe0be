package ui

import (
	"context"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// sessionRecords runs run on session s, closes it and returns every record
// it logged, for a replay of it. Bounded: a wait in run on something that
// never comes fails the test, rather than hang the package until go
// test's own timeout.
func sessionRecords(t *testing.T, s *mcp.Session, run func(ctx context.Context)) []mcp.Record {
	t.Helper()
	var recs []mcp.Record
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range s.Records() {
			recs = append(recs, b...)
		}
	}()
	ctx, cancel := context.WithTimeout(t.Context(), 15*time.Second)
	defer cancel()
	run(ctx)
	s.Close()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("the session's records did not end after Close")
	}
	return recs
}
