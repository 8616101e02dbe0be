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
	start := time.Now()
	e := startTTYExec(t, url, "tools/call flood")
	last := fmt.Sprintf("] %d/%d", n, n)
	// The newest progress is drawn when its window ends, before the
	// answer: the call is held until it is. A loaded machine under -race
	// took 16 s over the flood.
	if !e.waitStderr(60*time.Second, func(s string) bool { return strings.HasSuffix(s, last) }) {
		got := e.errb.String()
		t.Fatalf("the last progress %q was not drawn while the call ran; the end:\n%q", last, got[max(0, len(got)-300):])
	}
	took := time.Since(start)
	release()
	if err := e.wait(); err != nil {
		t.Fatalf("%v\n%s", err, e.out.String())
	}
	got := e.errb.String()
	// A few draws a window, counted against the windows the flood took,
	// not seconds assumed: at 1,000 draws a flood longer than 25 s under
	// load failed, sampled as it should be.
	most := progressBurst * (int(took/progressWindow) + 2)
	draws := strings.Count(got, "\r\x1b[Kto")
	if !strings.Contains(got, last+"\r\x1b[K") || draws > most || draws >= n/2 {
		t.Errorf("%d lines drawn for %d notifications in %s, want at most %d and the last progress drawn; the end:\n%q",
			draws, n, took.Round(time.Millisecond), most, got[max(0, len(got)-300):])
	}
}
