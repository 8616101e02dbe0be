package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call the server still held when the session closed (the TUI
// quit during a slow call): replayed, the POST mcpscope stopped waiting
// for drew "✗ POST error" in Pairs and counted an error on the status
// bar, the server's failure that never was. The close ended it, and
// Pairs, the bar and Detail say so.
func TestReplayedRequestClosedWithTheSession(t *testing.T) {
	arrived := make(chan struct{}, 1)
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: mcptest.HoldMethod("tools/call", arrived)})
	ended := make(chan struct{})
	pairs, _, bar, detail := replayClosed(t, srv, "tools/call", func(ctx context.Context, s *mcp.Session) {
		go func() {
			defer close(ended)
			s.CallTool(ctx, "echo", []byte(`{"text":"x"}`))
		}()
		select {
		case <-arrived:
		case <-ctx.Done():
			t.Fatal("the tools/call never reached the server")
		}
	})
	select {
	case <-ended:
	case <-time.After(15 * time.Second):
		t.Fatal("the tools/call did not return once the session closed")
	}
	if !strings.Contains(pairs, "○ closed") || strings.Contains(pairs, "POST error") {
		t.Errorf("Pairs does not draw the tools/call closed with the session:\n%s", pairs)
	}
	if strings.Contains(bar, " err ") {
		t.Errorf("the status bar counts an error where nothing failed:\n%s", bar)
	}
	if !strings.Contains(detail, "the session closed before an answer came") {
		t.Errorf("Detail does not say the session closed before an answer came:\n%s", detail)
	}
}
