package history

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// rootsSession records a session against a fresh demo gateway at the
// endpoint url picks: list_roots with no roots offered, then with one
// added (as the TUI's roots add does), and returns its records.
func rootsSession(t *testing.T, ctx context.Context, url func(*demo.Server) string) []mcp.Record {
	t.Helper()
	srv := demotest.Start(t, demo.Options{})
	return recordSession(t, ctx, mcp.Config{URL: url(srv)}, func(s *mcp.Session) {
		// Streamable HTTP initialized as it connected; 2026 has no handshake.
		if s.InitializeResult() == nil && s.Transport() != mcp.TransportStateless {
			initialize(t, ctx, s)
		}
		listRoots(t, ctx, s, "the client has no roots")
		if err := s.SetRoots(ctx, []mcp.Root{{URI: "file:///work/project", Name: "project"}}); err != nil {
			t.Fatal(err)
		}
		listRoots(t, ctx, s, "the client has 1 root")
	})
}

func listRoots(t *testing.T, ctx context.Context, s *mcp.Session, want string) {
	t.Helper()
	res, err := s.CallTool(ctx, "list_roots", json.RawMessage(`{}`))
	if err != nil || res.Error != nil || !strings.Contains(string(res.Result), want) {
		t.Fatalf("list_roots: %v, %+v; want %q", err, res, want)
	}
}

// A re-run offers the roots the recorded client offered, when it offered
// them: a tool that lists them answers as it did when recording, before
// and after the user added one, on every era (2025 tells the server of
// the change with notifications/roots/list_changed; 2026 says the roots
// when the server asks).
func TestRerunOffersTheRecordedRoots(t *testing.T) {
	for name, url := range map[string]func(*demo.Server) string{
		"sse": (*demo.Server).SSEURL, "streamable": (*demo.Server).MCPURL, "stateless": (*demo.Server).StatelessURL,
	} {
		t.Run(name, func(t *testing.T) {
			ctx := testCtx(t)
			recs := rootsSession(t, ctx, url)
			again := demotest.Start(t, demo.Options{})
			roots, _ := openRecorded(t, recs).Roots()
			s := liveSession(t, ctx, mcp.Config{URL: url(again), Roots: roots})
			defer s.Close()
			if calls := rerunCalls(t, ctx, recs, s, "list_roots"); calls != 2 {
				t.Errorf("the re-run called list_roots %d times, want 2", calls)
			}
		})
	}
}

// A recording whose class fields were edited (a 2025 session's
// notifications/roots/list_changed to request, a 2026 request's later
// round, which answers the server's roots/list, to notification) is
// re-run by its raw JSON-RPC, as the re-run sends it: the roots the
// client answered after the change, or in the round, are still offered,
// and list_roots answers as it did. The plan read the fields and offered
// the roots from before the change.
func TestRerunOfEditedClassesOffersTheRecordedRoots(t *testing.T) {
	for name, c := range map[string]struct {
		url  func(*demo.Server) string
		edit func(*mcp.RPCMessage) bool
	}{
		"streamable": {(*demo.Server).MCPURL, func(m *mcp.RPCMessage) bool {
			if m.Method != "notifications/roots/list_changed" {
				return false
			}
			m.Class = mcp.ClassRequest
			return true
		}},
		"stateless": {(*demo.Server).StatelessURL, func(m *mcp.RPCMessage) bool {
			if m.Chain == 0 || m.Class != mcp.ClassRequest {
				return false
			}
			m.Class = mcp.ClassNotification
			return true
		}},
	} {
		t.Run(name, func(t *testing.T) {
			ctx := testCtx(t)
			recs := rootsSession(t, ctx, c.url)
			edited := false
			for i, r := range recs {
				if r.Kind != mcp.KindSent || r.RPC == nil {
					continue
				}
				m := *r.RPC
				if c.edit(&m) {
					recs[i].RPC, edited = &m, true
				}
			}
			if !edited {
				t.Fatal("the session sent nothing to edit")
			}
			again := demotest.Start(t, demo.Options{})
			roots, _ := openRecorded(t, recs).Roots()
			s := liveSession(t, ctx, mcp.Config{URL: c.url(again), Roots: roots})
			defer s.Close()
			if calls := rerunCalls(t, ctx, recs, s, "list_roots"); calls != 2 {
				t.Errorf("the re-run called list_roots %d times, want 2", calls)
			}
		})
	}
}
