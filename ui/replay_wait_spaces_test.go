package ui

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// On a colour terminal a replay's wait is a painted block with padding of
// its own, and the bar read "·  next in 26.7s (.)  ·": the separators'
// spaces beside the padding. One space stands on each side of every "·".
func TestReplayWaitOneSpaceBesideSeparators(t *testing.T) {
	for _, w := range []int{80, 160} {
		m, _, _ := replayAtGap(t, w, 24)
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.TrueColor)
		m.com.st.StatusValue = r.NewStyle().Background(lipgloss.Color("#204060")).Padding(0, 1)
		bar := ansi.Strip(m.status.view())
		if !strings.Contains(bar, "next ") {
			t.Fatalf("%d columns: the status bar = %q, want the wait in it", w, bar)
		}
		if strings.Contains(bar, "·  ") || strings.Contains(bar, "  ·") {
			t.Errorf("%d columns: the status bar = %q has two spaces beside a \"·\"", w, bar)
		}
	}
}
