package main

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server slow to acknowledge the listen stream, whose first request sets
// off a list change: exec --linger waits for the acknowledgement before
// that request, so the change reaches the stream and is shown, where it
// went out to no stream at all; and nothing is said of the wait.
func TestExecLingerWaitsForTheListenStreamBeforeTheFirstRequest(t *testing.T) {
	var srv *mcptest.StatelessServer
	listed := make(chan struct{})
	listedOnce := sync.OnceFunc(func() { close(listed) })
	srv = mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "subscriptions/listen":
			// Acknowledged late, unless the request came first: then
			// its list change went out before the stream was known.
			select {
			case <-listed:
			case <-time.After(300 * time.Millisecond):
			}
		case "tools/list":
			srv.ListChanged("tools")
			listedOnce()
		}
		x.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--linger", "1s", srv.Endpoint(), "tools/list")
	if code != exitOK || !strings.Contains(out, "· notifications/tools/list_changed\n") {
		t.Errorf("exit %d, want 0 and the list change the first request set off:\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(errOut, "listen") {
		t.Errorf("stderr speaks of the wait for the listen stream, want nothing said:\n%s", errOut)
	}
}
