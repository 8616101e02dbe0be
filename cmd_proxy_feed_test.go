package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A burst of new sessions (each client's initialize begins one) while the
// TUI takes none of them holds up nobody: every initialize is answered,
// the last client's too, and the TUI, once it reads, gets every session.
func TestTUIThatReadsNothingHoldsUpNoClient(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true})
	run := tuiProxy(t, up.Endpoint(), proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	do := func(req *http.Request, what string) int {
		t.Helper()
		// Bounded: a session start that waits on the TUI hangs here.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err != nil {
			t.Fatalf("%s got no answer while the TUI read nothing: %v", what, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	// Twice the TUI's channel: the sessions past it are the ones that
	// waited on it, with the lock on every client's first request held.
	const burst = 2 * 64
	initialize := func(ua string) *http.Request {
		req, _ := http.NewRequest(http.MethodPost, run.base+"/mcp", strings.NewReader(initializeAs(ua)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("User-Agent", ua)
		return req
	}
	for i := range burst {
		if st := do(initialize(fmt.Sprintf("burst-%d", i)), fmt.Sprintf("initialize %d", i)); st != http.StatusOK {
			t.Fatalf("initialize %d answered %d, want 200", i, st)
		}
	}
	if st := do(initialize("other-client"), "another client's initialize"); st != http.StatusOK {
		t.Fatalf("initialize answered %d, want 200", st)
	}
	seen := map[int]bool{}
	deadline := time.After(10 * time.Second)
	for len(seen) < burst+1 {
		select {
		case c := <-run.sessions.show():
			if c.Records != nil {
				seen[c.ID] = true
			}
		case <-deadline:
			t.Fatalf("the TUI got %d sessions, want all %d", len(seen), burst+1)
		}
	}
}
