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

// sayNoKey says that msg, a printable key (unboundRune), is bound to
// nothing: it did nothing and said nothing, and 2 was pressed for the tab
// bar's second tab, Raw events, in vain.
func (m *Model) sayNoKey(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	cmd := m.setStatus(levelInfo, msg.String()+" is no key: "+k.NextPane.Help().Key+" goes to the next pane, "+k.Help.Help().Key+" lists every key")
	m.status.msg.noKey = true
	return cmd
}

// detailOpenKey is enter (msg) in the Detail pane: with nothing open it
// says where enter opens something, for the pane's hint says to press it,
// and in the Detail tab of 80 columns enter did nothing and said nothing.
// With something open the pane has it.
func (m *Model) detailOpenKey(msg tea.KeyMsg) tea.Cmd {
	if !m.detail.empty() {
		return m.paneUpdate(paneDetail, msg)
	}
	k := m.keys
	return m.setStatus(levelInfo, "nothing open: press "+k.Open.Help().Key+" on a pair in Pairs or an event in Raw events ("+k.NextPane.Help().Key+" goes to them)")
}

// endNoKey ends "z is no key" at the next key, whatever it does: it stood
// its 5 s over what a valid key then did.
func (m *Model) endNoKey() tea.Cmd {
	if sl := m.status.msg; sl != nil && sl.noKey {
		return m.statusExpired(sl.id)
	}
	return nil
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
