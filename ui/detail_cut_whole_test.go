package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// An answer too large to draw says, under "… more not shown", where the
// whole of it is: the recording, and the export that writes it out. A
// session that is not recorded has nowhere to point to and says nothing.
func TestDetailSaysWhereTheRestOfAHugeAnswerIs(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, hugeAnswerRecords(bigText))
	_, cmd := m.Update(keyMsg("enter"))
	m.Update(runCmd(t, cmd, isFormatted))
	press(m, "end")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "more not shown") ||
		!strings.Contains(view, "all of it is in the recording: mcpscope export --format json /tmp/mcpscope/session.jsonl") {
		t.Errorf("the end of a huge answer does not say where the rest is:\n%s", view)
	}

	m.com.recording = ""
	in := m.detail.input()
	lines, _ := in.format()
	text := ansi.Strip(strings.Join(lines, "\n"))
	if !strings.Contains(text, "more not shown") || strings.Contains(text, "recording") {
		t.Errorf("without a recording the notice points somewhere:\n%s", text[max(0, len(text)-500):])
	}
}
