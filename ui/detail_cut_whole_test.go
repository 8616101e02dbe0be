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

// A recording whose path is not UTF-8, or holds a control character, is
// named in the hint as a shell reads it back, in $'...' with those bytes
// escaped: the sanitizer's U+FFFD named a file that does not exist, and the
// raw bytes would act on the terminal.
func TestDetailQuotesAnOddRecordingPathForTheShell(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, hugeAnswerRecords(bigText))
	m.com.recording = "/tmp/st\xff\x1b]0;x\x07/it's.jsonl"
	_, cmd := m.Update(keyMsg("enter"))
	m.Update(runCmd(t, cmd, isFormatted))
	press(m, "end")
	raw := m.View()
	if strings.ContainsAny(raw, "\xff\x07") || strings.Contains(raw, "\x1b]0;") || strings.ContainsRune(raw, '\uFFFD') {
		t.Errorf("the hint shows the path's raw bytes or U+FFFD: %q", raw)
	}
	want := `$'/tmp/st\xff\x1b]0;x\x07/it\'s.jsonl'`
	if view := ansi.Strip(raw); !strings.Contains(view, "mcpscope export --format json") || !strings.Contains(view, want) {
		t.Errorf("the hint does not quote the path as a shell reads it back; want %s in:\n%s", want, view)
	}
}
