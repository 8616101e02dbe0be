package history

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
)

// A request the recording cancelled that the live server refuses at once
// is an error of the re-run, not "cancelled as recorded": the live request
// was never given up on, it failed. The check asked whether the give-up
// context had ended after ending it itself, so every failure of such a
// request passed as the same.
func TestRerunReportsARefusalOfWhatTheRecordingCancelled(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	h := demo.NewHandler(demo.Options{})
	defer h.Close()
	var refuse atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if refuse.Load() && bytes.Contains(body, []byte(`"slow"`)) {
			http.Error(w, "no slow tools today", http.StatusInternalServerError)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	url := srv.URL + demo.StreamablePath

	s := mcp.NewSession(mcp.Config{URL: url, Transport: mcp.TransportStreamable})
	var recs []mcp.Record
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range s.Records() {
			recs = append(recs, b...)
		}
	}()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
	callCtx, stop := context.WithCancel(ctx)
	time.AfterFunc(2*time.Second, stop)
	_, err := s.Request(callCtx, "tools/call", []byte(`{"name":"slow","arguments":{"seconds":5,"steps":5}}`))
	stop()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the slow call was not given up on: %v", err)
	}
	s.Close()
	<-done

	refuse.Store(true)
	live := mcp.NewSession(mcp.Config{URL: url, Transport: mcp.TransportStreamable})
	go func() {
		for range live.Records() {
		}
	}()
	defer live.Close()
	if err := live.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	var slow *RerunResult
	results := Rerun(ctx, recs, live, nil)
	for i := range results {
		if results[i].Method == "tools/call" {
			slow = &results[i]
		}
	}
	if slow == nil || slow.Outcome != OutcomeError || slow.As != "" {
		t.Errorf("the refused slow call's result %+v, want an error, not cancelled as recorded", slow)
	}
}
