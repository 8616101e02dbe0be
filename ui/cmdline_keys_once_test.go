package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The empty command line says its keys once, on the hint row under it:
// its placeholder said "tab complete · ↑ earlier command" again beside
// the row's "tab complete · enter send · ↑ earlier command · esc cancel".
func TestEmptyCommandLineSaysItsKeysOnce(t *testing.T) {
	m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: "sse", Backend: newFakeBackend(), Now: func() time.Time { return fixedNow }})
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 160, Height: 45}} {
		m.Update(size)
		press(m, ":")
		view := ansi.Strip(m.View())
		if !strings.Contains(view, "› method [key=value …]") {
			t.Errorf("%dx%d: the empty command line does not say what it takes:\n%s", size.Width, size.Height, view)
		}
		for _, said := range []string{"tab complete", "↑ earlier command", "enter send", "esc cancel"} {
			if n := strings.Count(view, said); n != 1 {
				t.Errorf("%dx%d: %q said %d times, want once:\n%s", size.Width, size.Height, said, n, view)
			}
		}
		press(m, "esc")
	}
}
