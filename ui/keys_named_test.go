package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Hints name keys from the keymap (as ab9e650 made the others do): the
// Negotiation pane's "not initialized yet" and the tool-as-method warning
// wrote i and c by hand, and the warning said "press c" on the command
// line, where c types a c.
func TestHintsNameReboundKeys(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	m.keys.Initialize.SetKeys("I")
	m.keys.Initialize.SetHelp("I", m.keys.Initialize.Help().Desc)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "not initialized yet: press I") {
		t.Errorf("Negotiation does not name the rebound initialize key:\n%s", v)
	}

	c := newLine(t, "")
	c.keys.Call.SetKeys("C")
	c.keys.Call.SetHelp("C", c.keys.Call.Help().Desc)
	clPress(c, runes("search query=x"))
	clPress(c, keyEnter)
	if hint, want := hintOf(c), "type tools/call search (or C outside the command line)"; !strings.Contains(hint, want) {
		t.Errorf("hint %q does not contain %q", hint, want)
	}
}
