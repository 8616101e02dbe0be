//go:build linux

package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A ctrl+c typed on the terminal before any progress was drawn is echoed
// there as ^C; the "cancelled:" line that follows starts a row of its own
// (the echo cleared), where it read "^Ccancelled: …".
func TestExecCancelLineClearsTheEchoedCtrlC(t *testing.T) {
	called := make(chan struct{}, 1)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method == "tools/call" {
			called <- struct{}{}
			<-x.Context().Done() // held until exec gives it up
			return
		}
		x.Default()
	}})
	r := startOnPTY(t, "xterm-256color", "exec", "--no-record", srv.URL+"/mcp", "tools/call slow")
	select {
	case <-called:
	case <-r.ctx.Done():
		t.Fatalf("tools/call never came: %q", r.out.String())
	}
	if _, err := r.ptmx.Write([]byte{0x03}); err != nil {
		t.Fatal(err)
	}
	_ = r.wait()
	if r.timedOut() {
		t.Fatalf("exec did not stop within 30s: %q", r.out.String())
	}
	out := r.out.String()
	// What the terminal shows: each \r and erase-line (ESC [K) starts the
	// row over, as a terminal draws it.
	var rows []string
	for _, row := range strings.Split(out, "\n") {
		if i := strings.LastIndex(row, "\r\x1b[K"); i >= 0 {
			row = row[i+len("\r\x1b[K"):]
		}
		rows = append(rows, strings.TrimRight(row, "\r"))
	}
	if !strings.Contains(out, "^C") {
		t.Skipf("the terminal did not echo ctrl+c: %q", out)
	}
	cancelled := regexp.MustCompile(`(?m)^cancelled: `)
	if !cancelled.MatchString(strings.Join(rows, "\n")) {
		t.Errorf("want the cancel line at the start of a row, got rows:\n%s\nraw: %q", strings.Join(rows, "\n"), out)
	}
}
