package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// At 80x24, a call opened from Pairs whose result breaks its outputSchema
// says how on Detail's first screen, under the heading and above the
// Request, where its note under the Response heading was 30 lines down;
// the Response heading, where Detail jumps when an answer comes, points
// up to it instead of saying it twice.
func TestDetailWarnsOfTheAnswerAtTheTop(t *testing.T) {
	l := liveBrokenOutput(t, 80, 24)
	l.call("report a=1 b=2 c=3 d=4 e=5 f=6 g=7")
	l.waitRowState("tools/call report", "⚠ ok schema?")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	m := l.quit()
	view := m.View()
	const warning = "⚠ structuredContent breaks the outputSchema"
	warned, request := strings.Index(view, warning), strings.Index(view, "── Request ──")
	if warned < 0 || request < 0 || warned > request {
		t.Errorf("Detail's first screen does not warn above the Request:\n%s", view)
	}
	detail := strings.Join(m.detail.lines(), "\n")
	if n := strings.Count(detail, warning); n != 1 {
		t.Errorf("Detail says the warning %d times, want once:\n%s", n, detail)
	}
	if !strings.Contains(detail, "── Response ── ") || !strings.Contains(detail, "⚠ see the top") {
		t.Errorf("the Response heading does not point to the warning:\n%s", detail)
	}
}
