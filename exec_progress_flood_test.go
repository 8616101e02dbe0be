package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server flooding a request's progress (20,000 notifications, with
// others' tokens between) costs the terminal a few lines a second, not a
// line each: every notification used to be drawn, megabytes for a
// million. The newest progress is still drawn once the flood pauses.
func TestExecProgressFloodIsSampled(t *testing.T) {
	const n = 20000
	release := make(chan struct{})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/call" {
			x.Default()
			return
		}
		for i := 1; i <= n; i++ {
			_ = x.Progress(float64(i), n, "")
			if i%10 == 0 {
				_ = x.Notify("notifications/progress", map[string]any{"progressToken": fmt.Sprintf("other-%d", i), "progress": i})
			}
		}
		select {
		case <-release:
		case <-x.Context().Done():
		}
		x.Result(mcptest.TextResult("done", false))
	}})
	cmds, err := parseCommands([]string{"tools/call flood"})
	if err != nil {
		t.Fatal(err)
	}
	cf := connFlags{transport: mcp.TransportAuto, timeout: mcp.DefaultRequestTimeout, endpointTimeout: mcp.DefaultEndpointTimeout, maxEventSize: mcp.DefaultMaxEventSize}
	var out bytes.Buffer
	errb := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- runExec(context.Background(), &out, errb, srv.Endpoint(), cmds, &cf, &recordFlags{off: true}, &execFlags{tty: true})
	}()
	last := fmt.Sprintf("] %d/%d", n, n)
	deadline := time.After(30 * time.Second)
wait:
	for {
		wrote := errb.changed() // before the look, so no write is missed
		if strings.HasSuffix(errb.String(), last) {
			break
		}
		select {
		case <-wrote:
		case <-deadline:
			break wait
		}
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	got := errb.String()
	draws := strings.Count(got, "\r\x1b[Kto")
	if !strings.Contains(got, last+"\r\x1b[K") || draws > 1000 {
		t.Errorf("%d lines drawn for %d notifications, want a few per second and the last progress drawn; the end:\n%q", draws, n, got[max(0, len(got)-300):])
	}
}
