package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call cancelled (ctrl+c, esc in the TUI) and the session closed
// at once, against a server slow to take the notifications/cancelled that
// tells it: the notification's POST, cut because the user quit or past
// the short wait mcpscope gives what it sends on leaving, read "✗ POST
// error" with an error counted and a problem advised on. A notification
// awaits no answer; it was sent, and the export says mcpscope stopped
// waiting.
func TestCancelNotificationCutAtCloseReadsSent(t *testing.T) {
	for _, quit := range []bool{true, false} {
		name := "past the wait on leaving"
		if quit {
			name = "quit at once"
		}
		t.Run(name, func(t *testing.T) {
			arrived := make(chan struct{}, 1)
			told := make(chan struct{}, 1)
			release := make(chan struct{})
			t.Cleanup(func() { close(release) })
			holdCall := mcptest.HoldMethod("tools/call", arrived)
			srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
				if x.Method != "notifications/cancelled" {
					holdCall(x)
					return
				}
				told <- struct{}{}
				<-release
			}})
			hdr := Header{URL: srv.URL, Transport: mcp.TransportStreamable}
			l := logOf(t, mcp.Config{URL: srv.URL, Transport: mcp.TransportStreamable, NoGetStream: true}, func(ctx context.Context, s *mcp.Session) {
				callCtx, cancel := context.WithCancel(ctx)
				defer cancel()
				callThen(ctx, t, s, arrived, callCtx, cancel)
				select {
				case <-told:
				case <-ctx.Done():
					t.Fatal("notifications/cancelled never reached the server")
				}
				if quit {
					s.HurryFor("you pressed ctrl+c")
				}
			})
			if note := rowOf(t, l, "notifications/cancelled"); note.State != StateSent {
				t.Fatalf("the notifications/cancelled row is %s, want sent", note.State)
			}
			out := closedExport(t, hdr, l)
			if !strings.Contains(out, "`notifications/cancelled`: sent") || !strings.Contains(out, "· POST no answer after") || strings.Contains(out, "post-failed") || strings.Contains(out, "**error**") {
				t.Errorf("the export does not say the notification was sent and mcpscope stopped waiting:\n%s", out)
			}
		})
	}
}
