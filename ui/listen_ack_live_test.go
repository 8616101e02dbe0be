package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that acknowledges the listen stream without the resource
// subscribed to (the TypeScript SDK v2 without resources.subscribe) gets
// that said under Listen; once the subscription is undone and the new
// stream is acknowledged as asked, the warning is gone, not left stale.
func TestListenSaysWhatTheAcknowledgementLeftOut(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{NoResourceSubscriptions: true})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● discovered") // the bar's state: the word alone can be drawn while the transport is still being found
	if _, err := srv.WaitListen(t.Context()); err != nil {
		t.Fatal(err)
	}
	l.command("subscribe demo://readme")
	l.waitFor("it will send no")
	l.mark()
	l.command("unsubscribe demo://readme")
	var last *mcptest.Listener
	for range 2 { // the subscribe's stream, then the unsubscribe's
		var err error
		if last, err = srv.WaitListen(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	// The Listen line names the newest stream once it is open.
	l.waitFor(string(last.ID) + "): list changes arrive here")
	m := l.quit()
	view := strings.Join(m.nego.lines(), "\n")
	words := strings.Join(strings.Fields(view), " ") // lines wrap
	if strings.Contains(words, "without resourceSubscriptions") || !strings.Contains(view, "Listen       open since") {
		t.Errorf("after unsubscribing, want the Listen line open and no stale warning:\n%s", view)
	}
}
