package ui

import (
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
)

// unboundRune reports whether msg is one printable key that no binding,
// enabled or not, has: a press the panes would drop without a word. A
// disabled binding's key is left to say nothing: it is a key, just not
// of this session (a replay's space in a live one).
func (m *Model) unboundRune(msg tea.KeyMsg) bool {
	if msg.Type != tea.KeyRunes || len(msg.Runes) != 1 || msg.Alt || msg.Paste || !unicode.IsGraphic(msg.Runes[0]) {
		return false
	}
	for _, g := range m.keys.groups() {
		if pressed(msg, g.bindings...) {
			return false
		}
	}
	return true
}
