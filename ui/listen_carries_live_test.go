package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 subscribe reopens the listen stream with the URI among its
// resourceSubscriptions: the Listen line says the stream carries its
// updates too, not "list changes" alone.
func TestListenLineNamesTheSubscribedResources(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● discovered") // the bar's state: the word alone can be drawn while the transport is still being found
	if _, err := srv.WaitListen(t.Context()); err != nil {
		t.Fatal(err)
	}
	l.command("subscribe demo://readme")
	last, err := srv.WaitListen(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	l.waitFor(string(last.ID) + "): list changes and")
	m := l.quit()
	words := strings.Join(strings.Fields(strings.Join(m.nego.lines(), "\n")), " ") // lines wrap
	if !strings.Contains(words, "list changes and updates of demo://readme arrive here") {
		t.Errorf("the Listen line does not name the subscribed resource:\n%s", strings.Join(m.nego.lines(), "\n"))
	}
}
