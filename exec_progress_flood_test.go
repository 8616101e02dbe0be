package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server flooding a request's progress (20,000 notifications, with
// others' tokens between) costs the terminal a few lines a second, not a
// line each: every notification used to be drawn, megabytes for a
// million. The newest progress is still drawn once the flood pauses.
func TestExecProgressFloodIsSampled(t *testing.T) {
	const n = 20000
	url, release := heldToolCall(t, func(x *mcptest.Exchange) {
		for i := 1; i <= n; i++ {
			_ = x.Progress(float64(i), n, "")
			if i%10 == 0 {
				_ = x.Notify("notifications/progress", map[string]any{"progressToken": fmt.Sprintf("other-%d", i), "progress": i})
			}
		}
	})
	e := startTTYExec(t, url, "tools/call flood")
	last := fmt.Sprintf("] %d/%d", n, n)
	e.waitStderr(30*time.Second, func(s string) bool { return strings.HasSuffix(s, last) })
	release()
	if err := e.wait(); err != nil {
		t.Fatalf("%v\n%s", err, e.out.String())
	}
	got := e.errb.String()
	draws := strings.Count(got, "\r\x1b[Kto")
	if !strings.Contains(got, last+"\r\x1b[K") || draws > 1000 {
		t.Errorf("%d lines drawn for %d notifications, want a few per second and the last progress drawn; the end:\n%q", draws, n, got[max(0, len(got)-300):])
	}
}
