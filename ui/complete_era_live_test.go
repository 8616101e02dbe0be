package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Tab on the method offers the methods of the session's era: a 2026
// server's subscriptions/listen and server/discover, and no ping, which it
// does not have; an older server's ping and tasks, and no server/discover.
func TestLiveTabOffersTheErasMethods(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	for _, tc := range []struct {
		url, state, typed, want string
	}{
		{gw.StatelessURL(), "● discovered", "su", "subscriptions/listen "},
		{gw.StatelessURL(), "● discovered", "se", "server/discover "},
		{gw.StatelessURL(), "● discovered", "pi", "pi"},
		{gw.StatelessURL(), "● discovered", "tasks/u", "tasks/update "},
		{gw.MCPURL(), "● initialized", "pi", "ping "},
		{gw.MCPURL(), "● initialized", "tasks/l", "tasks/list "},
		{gw.MCPURL(), "● initialized", "se", "se"},
	} {
		l := startLive(t, mcp.Config{URL: tc.url})
		l.waitFor(tc.state)
		l.tm.Type(":")
		l.typeTab(tc.typed)
		if tc.want != tc.typed {
			l.waitFor(tc.want)
		}
		m := l.quit()
		if got := m.cmdline.input.Value(); got != tc.want {
			t.Errorf("%s: Tab after %q gave %q, want %q", tc.state, tc.typed, got, tc.want)
		}
	}
}
