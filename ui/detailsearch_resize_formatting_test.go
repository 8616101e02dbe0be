package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A match on screen stays the match shown when the terminal is narrowed,
// widened and narrowed again before the wide lines were formatted: the
// narrow lines, formatted for the first narrowing and again for the last,
// came back with the match in view and the title saying "1 match", not
// "1/1", so n went to it from the top.
func TestDetailSearchResizedBackBeforeFormatted(t *testing.T) {
	var b strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&b, `%08d abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01\n`, i*64)
	}
	m := newTestModel(t, 160, 45, nil, hugeAnswerRecords(b.String()))
	_, cmd := m.Update(keyMsg("enter"))
	m.Update(runCmd(t, cmd, isFormatted))
	press(m, "/")
	typeKeys(m, "00064000")
	press(m, "enter")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "“00064000” 1/1") {
		t.Fatalf("the match found is not the one shown:\n%s", view)
	}
	narrow, wide := tea.WindowSizeMsg{Width: 70, Height: 20}, tea.WindowSizeMsg{Width: 160, Height: 45}
	_, cmd = m.Update(narrow)
	m.Update(runCmd(t, cmd, isFormatted))
	m.Update(wide) // its lines are never formatted: the next resize comes first
	_, cmd = m.Update(narrow)
	m.Update(runCmd(t, cmd, isFormatted))
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "00064000 abc") || !strings.Contains(view, "“00064000” 1/1") {
		t.Errorf("narrowed again, the match is not on screen or the title does not say it is shown:\n%s", view)
	}
}
