package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A call whose server asked a question and waited for its answer, which
// nobody gave before --timeout ran out, fails on that question: Detail
// names the question and says to answer it in time, where it read "the
// server took the request but sent no answer: raise --timeout for slow
// tools", sending the user after a slow tool that was never the cause.
func TestLiveTimeoutNamesTheQuestionLeftOpen(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		_ = x.Event(`{"jsonrpc":"2.0","id":"q-1","method":"elicitation/create","params":{"message":"Deploy?","requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean"}}}}}`)
		<-x.Context().Done() // a server that asks waits for the answer
	})})
	// The request timeout is the question's wait, and bounds the call's
	// exchange up to the question too: at 1s a loaded machine under -race
	// could run past it before the question came.
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true, RequestTimeout: 3 * time.Second})
	l.waitFor("● initialized")
	l.call("echo text=hi")
	l.waitFor("asks: elicitation/create")
	l.mark()
	failed := regexp.MustCompile(`tools/call echo[^│\n]*✗`)
	l.waitUntil(func(seen []byte) bool { return failed.Match(seen) })
	m := l.quit()
	call := lastPair(m, func(p *history.Pair) bool { return p.Method == "tools/call" })
	if call == nil {
		t.Fatal("no tools/call row")
	}
	detail := strings.Join(strings.Fields(pairDetail(m, call)), " ")
	for _, want := range []string{
		`meanwhile the server asked elicitation/create (its request "q-1"), which nobody had answered when the wait ran out`,
		"answer the question at the prompt before --timeout runs out",
	} {
		if !strings.Contains(detail, want) {
			t.Errorf("Detail lacks %q:\n%s", want, detail)
		}
	}
	if strings.Contains(detail, "slow tools") {
		t.Errorf("Detail blames a slow tool:\n%s", detail)
	}
}
