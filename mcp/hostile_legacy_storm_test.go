package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server that greets every session with the same message and
// ends its stream at once brings nothing new after the first time: the
// greeting counted as the stream saying something, so it was reconnected
// to twice a second for as long as mcpscope ran, a new session each time.
// It stops like any stream that ends as soon as it opens, and the state
// says why.
func TestLegacyStreamGreetingTheSameEachTimeStopsReconnecting(t *testing.T) {
	const greeting = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"welcome"}}`
	srv := mcptest.New(t, mcptest.Options{})
	srv.GreetEachAndClose(greeting)
	_, rec := connect(t, Config{URL: srv.URL, Transport: TransportSSE, Reconnect: true, ReconnectDelay: 10 * time.Millisecond})
	rec.waitFor(t, "the reconnects given up, saying why", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed && strings.Contains(r.State.Detail, "stopped reconnecting") &&
			strings.Contains(r.State.Detail, "the same messages as the time before")
	})
	if n := len(srv.Conns()); n > maxResume+2 {
		t.Errorf("the server saw %d streams before the reconnects stopped, want at most %d", n, maxResume+2)
	}
}
