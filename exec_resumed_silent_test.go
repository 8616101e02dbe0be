package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server whose event store replays what a dropped stream missed and then
// sends nothing on the resumed stream (server-everything's in-memory store
// does: it hands back an event id where the SDK wants a stream id, so live
// events never reach the resumed stream) loses the answer. The timeout says
// the stream was resumed and what came on it, and the hint does not only
// say "raise --timeout for slow tools".
func TestExecTimeoutAfterResumeSaysSo(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Store: mcptest.StoreStream, Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		x.SSE()
		_ = x.Log("info", "before the cut")
		// Cut with a short retry, so the resume comes long before the
		// timeout however loaded the machine (the default wait is 1 s of
		// the 2 s).
		x.Cut(20 * time.Millisecond)
		_ = x.Log("info", "missed while cut")
		if x.WaitResumed(x.Context()) != nil {
			return
		}
		<-x.Context().Done() // the replay came; nothing more ever does
	}})

	out, errOut, code := run(t, "exec", "--no-record", "--timeout", "2s", srv.Endpoint(), "tools/call greet name=Ann")
	all := out + errOut
	if code != exitFailed {
		t.Fatalf("exit %d, want %d (no answer)\n%s", code, exitFailed, all)
	}
	joined := strings.Join(strings.Fields(all), " ")
	for _, want := range []string{"was resumed after event", "1 event came on the resumed stream", "sends nothing new on the resumed stream"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the timeout does not say %q:\n%s", want, all)
		}
	}
}
