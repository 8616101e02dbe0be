package ui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// otherSessionKey says that msg is a key of another kind of session only:
// a replay's (space, +, -, .) in a live one, a proxy's ([, ], o) outside
// one. Such a binding is disabled, so the key did nothing and said
// nothing, where "z" said it is no key: o, read "open your own session"
// in the help, looked broken. A key some enabled binding has (g, the top
// of a list outside a replay) is that binding's, and nil is returned.
func (m *Model) otherSessionKey(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	for _, g := range k.groups() {
		for _, b := range g.bindings {
			if b.Enabled() && pressed(msg, b) {
				return nil
			}
		}
	}
	where := ""
	var what key.Binding
	for _, b := range []key.Binding{k.PlayPause, k.Faster, k.Slower, k.Step, k.JumpStart, k.JumpEnd} {
		if !b.Enabled() && pressed(msg, b) {
			what, where = b, "mcpscope replay"
		}
	}
	for _, b := range []key.Binding{k.NextClient, k.PrevClient, k.OpenOwn} {
		if !b.Enabled() && pressed(msg, b) {
			what, where = b, "mcpscope proxy"
		}
	}
	if where == "" {
		return nil
	}
	cmd := m.setStatus(levelInfo, what.Help().Key+" ("+what.Help().Desc+") is a key of "+where+": "+k.Help.Help().Key+" lists this one's keys")
	m.status.msg.noKey = true
	return cmd
}

// paneOrOtherKey is paneKey, after a key of another kind of session
// (otherSessionKey) is said so.
func (m *Model) paneOrOtherKey(msg tea.KeyMsg) tea.Cmd {
	if said := m.otherSessionKey(msg); said != nil {
		return said
	}
	return m.paneKey(msg)
}
