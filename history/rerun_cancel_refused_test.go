package history

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request the recording cancelled that the live server refuses at once
// is an error of the re-run, not "cancelled as recorded": the live request
// was never given up on, it failed. The check asked whether the give-up
// context had ended after ending it itself, so every failure of such a
// request passed as the same.
func TestRerunReportsARefusalOfWhatTheRecordingCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var refuse atomic.Bool
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		body, _ := io.ReadAll(r.Body)
		if refuse.Load() && bytes.Contains(body, []byte(`"slow"`)) {
			http.Error(w, "no slow tools today", http.StatusInternalServerError)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		gateway.ServeHTTP(w, r)
	})
	url := srv.URL + demo.StreamablePath

	cfg := mcp.Config{URL: url, Transport: mcp.TransportStreamable}
	recs := recordSession(t, ctx, cfg, func(s *mcp.Session) {
		initialize(t, ctx, s)
		callCtx, stop := context.WithCancel(ctx)
		time.AfterFunc(2*time.Second, stop)
		_, err := s.Request(callCtx, "tools/call", []byte(`{"name":"slow","arguments":{"seconds":5,"steps":5}}`))
		stop()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the slow call was not given up on: %v", err)
		}
	})

	refuse.Store(true)
	live := liveSession(t, ctx, cfg)
	defer live.Close()
	var slow *RerunResult
	results := rerunRecorded(t, ctx, recs, live)
	for i := range results {
		if results[i].Method == "tools/call" {
			slow = &results[i]
		}
	}
	if slow == nil || slow.Outcome != OutcomeError || slow.As != "" {
		t.Errorf("the refused slow call's result %+v, want an error, not cancelled as recorded", slow)
	}
}
