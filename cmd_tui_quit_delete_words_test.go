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

// The DELETE that ctrl+c cut short as the TUI quits is recorded in the
// user's words: "cut short: you pressed ctrl+c" once it was sent, and
// "not sent: you pressed ctrl+c" when ctrl+c came first. The recording
// said "failed: context canceled".
func TestQuitCtrlCRecordsTheDeleteInWords(t *testing.T) {
	for _, sentFirst := range []bool{true, false} {
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
		want := "not sent: you pressed ctrl+c"
		if sentFirst {
			want = "cut short: you pressed ctrl+c"
			go func() {
				if _, err := srv.WaitRequest(ctx, func(r mcptest.Request) bool { return r.Method == "DELETE" }); err == nil {
					leave <- os.Interrupt
				}
			}()
		} else {
			// Ctrl+c before the DELETE went out: the screen's quit
			// hurries it as closeOnQuit does.
			sess.HurryFor("you pressed ctrl+c")
		}
		var errw bytes.Buffer
		closeOnQuit(&errw, 5*time.Second, leave, sess)
		var detail string
		select {
		case detail = <-ended:
		case <-ctx.Done():
			t.Fatal("the session's records never ended")
		}
		if !strings.HasSuffix(detail, want) || strings.Contains(detail, "context canceled") {
			t.Errorf("sent first %v: the DELETE is recorded as %q, want it to end %q", sentFirst, detail, want)
		}
	}
}
