package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The DELETE that the TUI's quit cut short is recorded in the user's
// words: sent, and mcpscope quit before its answer came, after its wait or
// because ctrl+c was pressed, or "not sent: you pressed ctrl+c" when
// ctrl+c came first. The recording said "failed: context canceled", then
// "cut short: mcpscope stopped waiting for it within 1s".
func TestQuitCtrlCRecordsTheDeleteInWords(t *testing.T) {
	const left = ": the session may stay open on the server until it expires"
	for _, tc := range []struct {
		name string
		want string
	}{
		{"ctrl+c after it was sent", "was sent, but mcpscope quit before its answer came (you pressed ctrl+c)" + left},
		{"ctrl+c before it was sent", "not sent: you pressed ctrl+c"},
		{"the quit's wait", "was sent, but mcpscope quit before its answer came (after waiting 300ms)" + left},
	} {
		srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{DeleteAfter: 5 * time.Second})
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		sess := mcp.NewSession(mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
		ended := make(chan string, 1)
		go func() {
			detail := ""
			for batch := range sess.Records() {
				for _, r := range batch {
					if r.State != nil && r.State.State == mcp.StateClosed && r.State.SessionID != "" {
						detail = r.State.Detail
					}
				}
			}
			ended <- detail
		}()
		// Connect initializes: Initialize again would end this session
		// first, with a DELETE of its own.
		if err := sess.Connect(ctx); err != nil {
			t.Fatal(err)
		}
		leave := make(chan os.Signal, 1)
		wait := 5 * time.Second
		switch tc.name {
		case "ctrl+c after it was sent":
			go func() {
				if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.Method == "DELETE" }); err == nil {
					leave <- os.Interrupt
				}
			}()
		case "ctrl+c before it was sent":
			// Ctrl+c before the DELETE went out: the screen's quit
			// hurries it as closeOnQuit does.
			sess.HurryFor("you pressed ctrl+c")
		default:
			wait = 300 * time.Millisecond
		}
		var errw bytes.Buffer
		closeOnQuit(&errw, wait, leave, sess)
		var detail string
		select {
		case detail = <-ended:
		case <-ctx.Done():
			t.Fatal("the session's records never ended")
		}
		if !strings.HasSuffix(detail, tc.want) || strings.Contains(detail, "context canceled") {
			t.Errorf("%s: the DELETE is recorded as %q, want it to end %q", tc.name, detail, tc.want)
		}
	}
}
