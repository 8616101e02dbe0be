package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An initialize answered 200 with an Mcp-Session-Id but a JSON-RPC error
// body began no session: the headless lines say the initialize failed and
// why, where they said "· open session ..." as for one that worked, and
// the recording lists the failure as an error. So they do when the client
// asked for its GET stream first (Vercel's @ai-sdk/mcp does) and that GET
// began the session.
func TestProxyHeadlessInitializeErrorWithSessionIDOpensNothing(t *testing.T) {
	for _, early := range []bool{false, true} {
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone,
			Handle: mcptest.HandleMethod("initialize", func(x *mcptest.Exchange) { x.JSON(); x.Error(-32603, "cannot start") })})
		h := startHeadless(t, srv.Endpoint(), proxyFlags{})
		if early {
			if code := earlyGet(t, h.run.base, ""); code != http.StatusMethodNotAllowed {
				t.Fatalf("the early GET got %d, want upstream's 405", code)
			}
		}
		clientPost(t, h.run.base+"/mcp", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
		h.stop()
		lines := h.errw.String()
		if strings.Contains(lines, "· open") || strings.Count(lines, "· streamable + ") != 1 {
			t.Errorf("early GET %v: want one session, never open:\n%s", early, lines)
		}
		const failed = "· closed: the initialize failed: upstream answered JSON-RPC error -32603: cannot start"
		if !strings.Contains(lines, failed) {
			t.Errorf("early GET %v: the lines lack %q:\n%s", early, failed, lines)
		}
		infos, err := history.List(h.dir)
		if err != nil || len(infos) != 1 || infos[0].Errors != 1 {
			t.Errorf("early GET %v: sessions lists %+v (%v), want one recording with the one error", early, infos, err)
		}
	}
}

// The TUI's entry for it is told the same: no open state, and the close
// saying the initialize failed, not an open session that never ends.
func TestProxyTUIInitializeErrorWithSessionIDOpensNothing(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone,
		Handle: mcptest.HandleMethod("initialize", func(x *mcptest.Exchange) { x.JSON(); x.Error(-32603, "cannot start") })})
	run := tuiProxy(t, srv.Endpoint(), proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	clientPost(t, run.base+"/mcp", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var records <-chan []mcp.Record
	select {
	case c := <-run.sessions.show():
		if c.Log != nil {
			t.Cleanup(func() { c.Log.Close() })
		}
		records = c.Records
	case <-ctx.Done():
		t.Fatal("the TUI was told of no session")
	}
	for {
		select {
		case batch, ok := <-records:
			if !ok {
				t.Fatal("the entry's records ended without its close")
			}
			for _, r := range batch {
				switch {
				case r.Kind == mcp.KindState && r.State.State == mcp.StateOpen:
					t.Fatalf("the entry was told the session opened: %+v", *r.State)
				case r.Kind == mcp.KindState && r.State.State == mcp.StateClosed:
					if !strings.HasPrefix(r.State.Detail, "the initialize failed: upstream answered JSON-RPC error -32603: cannot start") {
						t.Errorf("the entry closed with %q, want the initialize's failure", r.State.Detail)
					}
					return
				}
			}
		case <-ctx.Done():
			t.Fatal("the entry was never told the session ended")
		}
	}
}
