package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// v switches the Detail pane between pretty JSON and raw bytes. At 80x24
// the Pairs pane has the screen, and v changed nothing in sight and said
// nothing (the next enter opened raw bytes): it says what it did.
func TestLiveToggleRawSaysSoWhenDetailIsHidden(t *testing.T) {
	l := liveDemoDetectedAt80(t)
	l.listTools()
	l.tm.Type("v")
	l.waitFor("Detail shows raw bytes now (v switches back)")
	l.tm.Type("v")
	l.waitFor("Detail shows pretty JSON now")
	m := l.quit()
	if !m.detail.pretty {
		t.Error("v twice left the Detail pane on raw bytes")
	}
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	m.Update(statusExpiredMsg{id: m.statusSeq})
	press(m, "v")
	if view := ansi.Strip(m.View()); strings.Contains(view, "Detail shows") {
		t.Errorf("with the Detail pane on screen v needs no words:\n%s", view)
	}
}
