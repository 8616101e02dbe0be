package ui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// tabLabels are the tabs' texts and positions.
func (m *Model) tabLabels() ([]string, []tabSpan) {
	var labels []string
	var spans []tabSpan
	x := m.lay.TabBar.X
	for _, p := range m.lay.Tabbed {
		label := p.String()
		switch p {
		case paneEvents:
			// Events, as the status bar and the pane's title count them,
			// not the rows that runs of keep-alives fold them into.
			label += " " + strconv.Itoa(m.com.log.Stats().Events)
		case panePairs:
			label += " " + strconv.Itoa(m.com.log.PairCount())
		}
		style := m.com.st.TabInactive
		if p == m.slot {
			style = m.com.st.TabActive
		}
		s := style.Render(label)
		w := lipgloss.Width(s)
		labels = append(labels, s)
		spans = append(spans, tabSpan{p, x, x + w})
		x += w + 1
	}
	return labels, spans
}

func (m *Model) tabBar() string {
	labels, _ := m.tabLabels()
	return m.com.fit(strings.Join(labels, m.com.st.App.Render(" ")), m.lay.TabBar.W)
}
