package proxy

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A streamable client's GET before it initializes (Vercel's @ai-sdk/mcp
// sends one), refused because the server offers no GET stream (405, or
// 404 said as seen before any POST, not as 404 "where POSTs are
// answered") or serves one only within a session (400 to a GET with no
// session id), is
// a fact about the server: the session it goes in counts no error for it,
// and says why in words, as the client's own GET stream does
// (mcp.NoGetStream). A GET refused for want of credentials is still an
// error.
func TestRefusedPreInitializeGetIsNoError(t *testing.T) {
	for _, tc := range []struct {
		name   string
		up     func(t *testing.T) string
		status int
		says   string // the state's words; "" when it is an error
	}{
		{"405", func(t *testing.T) string {
			return mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone}).URL
		}, http.StatusMethodNotAllowed, "offers no GET stream (405)"},
		{"400", func(t *testing.T) string {
			return mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETOK}).URL
		}, http.StatusBadRequest, "before the client initialized (400)"},
		{"404", func(t *testing.T) string {
			return streamUpstream(t, func(int) (int, string) { return http.StatusNotFound, "" }, nil).URL
		}, http.StatusNotFound, "a GET sent before any POST answered 404 (the specification's answer is 405)"},
		{"401", func(t *testing.T) string {
			return streamUpstream(t, func(int) (int, string) { return http.StatusUnauthorized, "" }, nil).URL
		}, http.StatusUnauthorized, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, base, w := startProxy(t, tc.up(t), Config{})
			url := base + "/mcp"
			if st, _ := send(t, http.MethodGet, url, "", map[string]string{"Accept": "text/event-stream", "MCP-Protocol-Version": "2025-11-25"}); st != tc.status {
				t.Fatalf("the GET before initialize answered %d, want %d", st, tc.status)
			}
			if st, _ := send(t, http.MethodPost, url, initialize, nil); st != http.StatusOK {
				t.Fatalf("initialize answered %d", st)
			}
			c := w.sessions()[0]
			w.record(t, c.ID, "initialize's answer", func(r mcp.Record) bool {
				return r.Kind == mcp.KindReceived && r.RPC.Method == "initialize"
			})
			l := history.NewLog()
			l.Append(w.records(c.ID)...)
			errs := l.Stats().Errors
			if tc.says == "" {
				if errs != 1 {
					t.Errorf("the session counts %d errors, want the refused GET's one", errs)
				}
				return
			}
			if errs != 0 {
				t.Errorf("the session counts %d errors, want none for a GET the server refuses as it should", errs)
			}
			w.record(t, c.ID, "the GET's refusal said as a fact about the server", func(r mcp.Record) bool {
				return r.State != nil && r.State.State == mcp.StateGetStream && strings.Contains(r.State.Detail, tc.says)
			})
		})
	}
}
