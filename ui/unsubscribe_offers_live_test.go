package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Tab after "unsubscribe " offers what the session is subscribed to, as
// the log tells it (a subscribe answered, less the unsubscribes after it;
// in 2026-07-28 the newest listen request's resourceSubscriptions), not
// every resource listed: before any subscription the hint says there is
// none and Tab lists nothing.
func TestLiveUnsubscribeOffersTheSubscribed(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	// The status line says each command was answered before its records
	// reach the log that Tab and Enter read: each line waits for its row
	// (rows, in the order of the lines) drawn in state.
	for _, tc := range []struct {
		era, url, open, subscribed, unsubscribed string
		rows                                     []string
		state                                    string
	}{
		{"streamable", gw.MCPURL(), "● initialized", "resources/subscribe: ok", "resources/unsubscribe: ok",
			[]string{"resources/subscribe demo://clock", "resources/subscribe demo://readme", "resources/unsubscribe"}, "✓ ok"},
		{"stateless", gw.StatelessURL(), "● discovered", "subscribed to demo://", "unsubscribed from demo://readme",
			[]string{"all lists 1 uri", "all lists 2 uris", "all lists 1 uri"}, "● listening"},
	} {
		t.Run(tc.era, func(t *testing.T) {
			l := startLiveReady(t, mcp.Config{URL: tc.url}, 160, 45, tc.open)
			l.mark()
			l.typeTab(":unsubscribe ")
			l.waitFor("nothing subscribed in this session")
			l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})

			for i, line := range []string{"subscribe demo://clock", "subscribe demo://readme", "unsubscribe demo://readme"} {
				l.mark()
				l.command(line)
				if line[0] == 'u' {
					l.waitFor(tc.unsubscribed)
				} else {
					l.waitFor(tc.subscribed)
				}
				l.waitRowState(tc.rows[i], tc.state)
			}
			// Enter on a URI a letter off the one subscribed to holds it
			// back with that one.
			l.mark()
			l.tm.Type(":unsubscribe demo://clocc")
			l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
			l.waitFor("demo://clocc is not subscribed to: did you mean demo://clock?")
			l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
			l.unsubscribeTab("subscribed: demo://clock")
			m := l.quit()
			if got, want := m.cmdline.input.Value(), "unsubscribe demo://clock "; got != want {
				t.Errorf("after Tab the line is %q, want %q", got, want)
			}
			if got := pairsOf(m, "resources/list"); len(got) != 0 {
				t.Errorf("resources/list rows %v: Tab on unsubscribe listed the resources", got)
			}
		})
	}
}
