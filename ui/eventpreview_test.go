package ui

import (
	"strings"
	"testing"
)

// TestEventRowsStartWithWhatDiffers: in the four-pane layout the Raw
// events pane's DATA cell is narrow, and every message starts with
// {"jsonrpc":"2.0", so every row read the same. The rows leave that member
// out, marked with …, and start with the id or method; Detail still shows
// the data byte for byte, and the filter still finds the member.
func TestEventRowsStartWithWhatDiffers(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, fixtureRecords())
	view := m.View()
	for _, want := range []string{`{…"id":1,"result`, `{…"id":1,"method`} {
		if !strings.Contains(view, want) {
			t.Errorf("the events pane lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, `{"jsonrpc":"2.0"…`) {
		t.Errorf("an event row still starts with the jsonrpc member:\n%s", view)
	}
	press(m, "shift+tab", "home", "down", "enter")
	if view := m.View(); !strings.Contains(view, `"jsonrpc": "2.0"`) {
		t.Errorf("Detail of a message event does not show its jsonrpc member:\n%s", view)
	}
	press(m, "shift+tab", "/")
	for _, r := range `"jsonrpc":"2.0"` {
		press(m, string(r))
	}
	settleFilter(t, m)
	if len(m.events.filter.matches) == 0 {
		t.Errorf("the filter no longer finds the jsonrpc member")
	}
	if got := previewData(`{"result":{},"jsonrpc":"2.0","id":3}`); got != `{"result":{},"jsonrpc":"2.0","id":3}` {
		t.Errorf("previewData of an answer with the member last = %q, want it unchanged", got)
	}
}
