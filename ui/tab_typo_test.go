package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Tab on a mistyped method or tool name found nothing to put in and said
// nothing (Enter alone said "did you mean"): it names the nearest one, so
// the user knows why nothing came and what to type.
func TestTabOnATypoNamesTheNearest(t *testing.T) {
	for _, tc := range []struct{ typed, want string }{
		{"tool/lst", "tool/lst: did you mean tools/list?"},
		{"tools/call gret", "gret: did you mean greet?"},
		{"rots", "rots: did you mean roots?"}, // the command line's own word
	} {
		m := newTestModel(t, 100, 30, newFakeBackend(), fixtureRecords())
		press(m, ":")
		m.Update(runes(tc.typed))
		press(m, "tab")
		if v := m.View(); !strings.Contains(v, tc.want) {
			t.Errorf("tab after %q: want %q on screen:\n%s", tc.typed, tc.want, v)
		}
	}
}

// Tab and Enter name the same method for a typo, the one meant, of
// whatever era: on a 2026-07-28 session Tab on "tasks/lst" said "did you
// mean tasks/get?", another method, the nearest of that era's words
// (2026 has no tasks/list), where Enter said tasks/list; and sending
// tasks/list says it belongs to the older eras.
func TestTabOnAMethodTypoNamesWhatEnterDoes(t *testing.T) {
	for _, tc := range []struct{ transport, typed, meant string }{
		{mcp.TransportStateless, "tasks/lst", "tasks/list"},
		{mcp.TransportStateless, "initialise", "initialize"},
		{mcp.TransportStreamable, "server/discovr", "server/discover"},
		{mcp.TransportStreamable, "resources/lisst", "resources/list"},
	} {
		want := "did you mean " + tc.meant + "?"
		tab := newLine(t, "")
		tab.SetTransport(tc.transport)
		clPress(tab, runes(tc.typed), keyTab)
		if hint := hintOf(tab); !strings.Contains(hint, tc.typed+": "+want) {
			t.Errorf("%s: tab after %q says %q, want %q", tc.transport, tc.typed, hint, want)
		}
		enter := newLine(t, "")
		enter.SetTransport(tc.transport)
		clPress(enter, runes(tc.typed), keyEnter)
		if hint := hintOf(enter); !strings.Contains(hint, want) {
			t.Errorf("%s: enter on %q says %q, want %q", tc.transport, tc.typed, hint, want)
		}
	}
}
