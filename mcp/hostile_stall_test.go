package mcp

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer that begins and stops coming mid-event (or mid-body) times out
// as stalled, saying how far it got, not as a slow tool with no answer; a
// request with nothing of its answer yet is still a plain timeout.
func TestAnswerStalledMidWay(t *testing.T) {
	for _, tc := range []struct {
		name, contentType, partial string
		want                       Cause
	}{
		{"event", "text/event-stream", "event: message\ndata: {\"jsonrpc\"", CauseStalled},
		{"json body", "application/json", `{"jsonrpc":"2.0","id":`, CauseStalled},
		{"keep-alives only", "text/event-stream", ": keep-alive\n\n", CauseTimeout},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
			front := frontOf(t, srv, "tools/call", func(w http.ResponseWriter, r *http.Request, _ []byte) {
				w.Header().Set("Content-Type", tc.contentType)
				_, _ = io.WriteString(w, tc.partial)
				w.(http.Flusher).Flush()
				select {
				case <-r.Context().Done():
				case <-time.After(10 * time.Second):
				}
			})
			// The timeout bounds the handshake's notifications/initialized
			// and the call's first bytes too: at 300ms a loaded machine
			// under -race ran past it before they came.
			s := NewSession(Config{URL: front + "/mcp", Transport: TransportStreamable, RequestTimeout: 2 * time.Second})
			t.Cleanup(func() { s.Close() })
			if err := s.Connect(testCtx(t)); err != nil {
				t.Fatalf("Connect: %v", err)
			}
			_, err := s.CallTool(testCtx(t), "echo", []byte(`{"text":"x"}`))
			if CauseOf(err) != tc.want || (tc.want == CauseStalled) != strings.Contains(err.Error(), "stopped coming") {
				t.Errorf("tools/call = %v (cause %q), want cause %q", err, CauseOf(err), tc.want)
			}
		})
	}
}
