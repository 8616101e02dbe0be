package main

import (
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client sends tools/call slow with id 5 and, while it runs, another
// request with id 5: the slow call still waits, and its answer, which
// comes after, is its answer. The headless line of that answer names the
// call it answers and how long it took, where it read "← (no method)
// id=5", and then "late" after a line that had ended the call.
func TestProxyHeadlessNamesTheAnswerOfACallWhoseIDWasReused(t *testing.T) {
	stateDir(t)
	got, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "tools/call" && strings.Contains(string(x.Params), `"slow"`) {
			x.JSON()
			once.Do(func() { close(got) })
			<-release
			x.Result(map[string]any{"content": []map[string]any{{"type": "text", "text": "slow done"}}})
			return
		}
		x.Default()
	}})
	h := startHeadless(t, srv.Endpoint(), proxyFlags{})
	base := h.run.base + "/mcp"
	sid := initializeAt(t, base)
	done := make(chan error, 1)
	go func() {
		_, _, err := tryClientPost(base, sid, `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"slow","arguments":{}}}`)
		done <- err
	}()
	<-got
	clientPost(t, base, sid, `{"jsonrpc":"2.0","id":5,"method":"tools/list"}`)
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	h.stop()
	lines := h.errw.String()
	if !regexp.MustCompile(`← tools/call slow id=5 +ok [0-9.]+(µs|ms|s)`).MatchString(lines) || strings.Contains(lines, "late") {
		t.Errorf("the slow call's answer is not said as its answer, with the time it took:\n%s", lines)
	}
	if !strings.Contains(lines, mcp.IDReused) {
		t.Errorf("the id used again is not said:\n%s", lines)
	}
}
