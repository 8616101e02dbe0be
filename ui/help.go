package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
)

// helpGroup is one titled column of the help overlay.
type helpGroup struct {
	title    string
	bindings []key.Binding
}

// groups lists every key, grouped by where it applies. Disabled bindings
// (sending in a replay, replay controls in a live session) are left out by
// bubbles' help itself.
func (k *KeyMap) groups() []helpGroup {
	return []helpGroup{
		{"Global", []key.Binding{k.Quit, k.Help, k.NextPane, k.PrevPane, k.Reconnect, k.ToggleRaw, k.Copy}},
		{"Send", []key.Binding{k.Initialize, k.ListTools, k.Call, k.Command}},
		{"Pairs and events", []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End, k.Open}},
		{"Raw events", []key.Binding{k.Filter, k.Submit, k.Cancel}},
		{"Negotiation and detail", []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End}},
		{"Command line", []key.Binding{k.Complete, k.Submit, k.Cancel, k.HistoryPrev, k.HistoryNext}},
		{"Replay", []key.Binding{k.PlayPause, k.Faster, k.Slower, k.Step, k.JumpStart, k.JumpEnd}},
	}
}

// ShortHelp implements help.KeyMap: the keys worth a reminder.
func (k *KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Help, k.NextPane, k.Open, k.Initialize, k.ListTools, k.Call, k.Quit}
}

// FullHelp implements help.KeyMap: every key, one column per group.
func (k *KeyMap) FullHelp() [][]key.Binding {
	gs := k.groups()
	out := make([][]key.Binding, 0, len(gs))
	for _, g := range gs {
		out = append(out, g.bindings)
	}
	return out
}

// helpView renders the help overlay to fit in w x h cells: titled groups
// laid out in as many columns as fit.
func (c *common) helpView(w, h int) string {
	hm := help.New()
	hm.Styles = c.st.Help
	var blocks []string
	for _, g := range c.keys.groups() {
		body := hm.FullHelpView([][]key.Binding{g.bindings})
		if strings.TrimSpace(body) == "" {
			continue
		}
		blocks = append(blocks, c.st.OverlayTitle.Render(g.title)+"\n"+body)
	}
	frameW := c.st.Overlay.GetHorizontalFrameSize()
	room := max(w-frameW, 10)
	var rows []string
	var row []string
	rowW := 0
	for _, b := range blocks {
		bw := lipgloss.Width(b) + 3
		if rowW > 0 && rowW+bw > room {
			rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
			row, rowW = nil, 0
		}
		row = append(row, c.st.App.PaddingRight(3).Render(b))
		rowW += bw
	}
	if len(row) > 0 {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
	}
	footer := c.st.Hint.Render("press ? or esc to close")
	body := strings.Join(rows, "\n\n") + "\n\n" + footer
	box := c.st.Overlay.Render(body)
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, box)
}
