package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A burst of new sessions (each GET before an initialize, from a client
// with a User-Agent of its own, begins one) while the TUI takes none of
// them holds up nobody: every GET is answered, another client's
// initialize is answered, and the TUI, once it reads, gets every session.
func TestTUIThatReadsNothingHoldsUpNoClient(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	pf := proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()}
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	run, err := startProxyRun(up.Endpoint(), cf, &pf, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		run.sessions.unshow()
		run.stop()
	})
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
	// waited on it.
	const burst = 2 * 64
	for i := range burst {
		req, _ := http.NewRequest(http.MethodGet, run.base+"/mcp", nil)
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("User-Agent", fmt.Sprintf("burst-%d", i))
		if st := do(req, fmt.Sprintf("GET %d", i)); st != http.StatusMethodNotAllowed {
			t.Fatalf("GET %d answered %d, want upstream's 405", i, st)
		}
	}
	req, _ := http.NewRequest(http.MethodPost, run.base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"other","version":"1"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("User-Agent", "other-client")
	if st := do(req, "another client's initialize"); st != http.StatusOK {
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
