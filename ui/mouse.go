package ui

import tea "github.com/charmbracelet/bubbletea"

// handleMouse scrolls the pane under the pointer with the wheel; a click
// focuses that pane and selects the row under the pointer.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if m.showHelp && msg.Action == tea.MouseActionPress {
		// The wheel scrolls the help where it is taller than the screen,
		// as the arrows do.
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			m.helpTop = m.com.helpScroll(m.helpTop, -wheelStep, m.width, m.helpHeight())
		case tea.MouseButtonWheelDown:
			m.helpTop = m.com.helpScroll(m.helpTop, wheelStep, m.width, m.helpHeight())
		}
	}
	if m.showHelp || m.lay.Mode == modeTooSmall {
		return nil
	}
	if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft && m.lay.TabBar.contains(msg.X, msg.Y) {
		_, spans := m.tabLabels()
		for _, s := range spans {
			if msg.X >= s.x0 && msg.X < s.x1 {
				m.setFocus(s.p)
			}
		}
		return nil
	}
	for p := pane(0); p < paneCount; p++ {
		r := m.lay.paneRect(p, m.slot)
		if r.empty() || !r.contains(msg.X, msg.Y) {
			continue
		}
		if msg.Button == tea.MouseButtonWheelUp || msg.Button == tea.MouseButtonWheelDown {
			if msg.Action == tea.MouseActionPress {
				return m.paneUpdate(p, msg)
			}
			return nil
		}
		if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft {
			m.setFocus(p)
			switch p {
			case panePairs:
				m.pairs.click(msg.Y - r.Y)
			case paneEvents:
				m.events.click(msg.Y - r.Y)
			}
		}
		return nil
	}
	return nil
}

// paneUpdate hands a message to one pane's Update.
func (m *Model) paneUpdate(p pane, msg tea.Msg) tea.Cmd { return m.paneOf(p).Update(msg) }
