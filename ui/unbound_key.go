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
	return !m.boundKeys[msg.String()]
}

// boundKeysOf is every key of every binding the help lists, for
// unboundRune: the help's groups were built again for each key pressed,
// and the bindings change only in setBindings, which makes this again.
func boundKeysOf(k *KeyMap) map[string]bool {
	bound := map[string]bool{}
	for _, g := range k.groups() {
		for _, b := range g.bindings {
			for _, key := range b.Keys() {
				bound[key] = true
			}
		}
	}
	return bound
}
