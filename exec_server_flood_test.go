package main

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that, during a tool call, sends far more pings at once than
// mcpscope's bounded queue of replies holds, while taking the replies
// slowly: the pings past the bound go unanswered, and exec says so in one
// folded line with the count, where it used to print the tool's answer
// alone as if every ping had been answered.
func TestExecSaysTheServerRequestsLeftUnanswered(t *testing.T) {
	const pings = 600 // well past the queue (256) and the workers (8)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch {
		case x.Kind == mcptest.KindResponse:
			// Held until exec goes: the replies in flight fill the
			// workers and the queue behind them.
			<-x.Context().Done()
		case x.Kind == mcptest.KindRequest && x.Method == "tools/call":
			for i := range pings {
				if err := x.Event(fmt.Sprintf(`{"jsonrpc":"2.0","id":"flood-%d","method":"ping"}`, i)); err != nil {
					t.Error(err)
					return
				}
			}
			x.Result(mcptest.TextResult("done", false))
		default:
			x.Default()
		}
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/call anything")
	note := regexp.MustCompile(`· a request of the server's went unanswered: it asks faster than its answers are taken ×(\d+)\ndone`)
	m := note.FindStringSubmatch(out)
	if code != exitOK || m == nil {
		t.Fatalf("exit %d, want the unanswered pings said before the answer:\n%s\n%s", code, out, errOut)
	}
	var n int
	fmt.Sscan(m[1], &n)
	if n < pings-300 || n >= pings {
		t.Errorf("%d pings said unanswered of %d, want all but the queue and the workers", n, pings)
	}
}
