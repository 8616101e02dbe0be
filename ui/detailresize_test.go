package ui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// longText is 400 lines' worth of a tool's text, which Detail wraps
// differently at every width.
func longText() string {
	var text strings.Builder
	for i := range 400 {
		fmt.Fprintf(&text, "%08d abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01 ", i*64)
	}
	return text.String()
}

var detailPosition = regexp.MustCompile(`Detail · (\d+)/(\d+)`)

// detailPlace reads "Detail · 12/340" off the screen.
func detailPlace(t *testing.T, m *Model) (int, int) {
	t.Helper()
	got := detailPosition.FindStringSubmatch(m.View())
	if got == nil {
		t.Fatalf("no scroll position in the Detail title:\n%s", m.View())
	}
	at, _ := strconv.Atoi(got[1])
	n, _ := strconv.Atoi(got[2])
	return at, n
}

// TestDetailKeepsItsPlaceOnResize reads the end of a long answer, and the
// middle of it, and resizes the terminal: the lines are wrapped again, and
// the reader is still at the end (or as far down), not at the old line
// number, which is somewhere else in the new lines.
func TestDetailKeepsItsPlaceOnResize(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	call := s.request("3", "tools/call", "big", `{"name":"big","arguments":{"bytes":25600}}`)
	s.post(call, 202, "")
	s.answer(call, "3", "tools/call", "big", `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"`+longText()+`"}]}}`, false, false)

	m := newTestModel(t, 160, 45, nil, s.recs)
	press(m, "enter", "end")
	if m.focus != paneDetail {
		t.Fatalf("focus = %v, want detail", m.focus)
	}
	at, n := detailPlace(t, m)
	if at+m.detail.scroll.height-1 != n {
		t.Fatalf("end: Detail at %d/%d with %d rows, want its last line in view", at, n, m.detail.scroll.height)
	}
	for _, size := range [][2]int{{60, 15}, {80, 24}, {100, 30}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		at, n := detailPlace(t, m)
		if at+m.detail.scroll.height-1 != n || !strings.Contains(m.View(), `OPQRSTUVWXYZ01 "`) {
			t.Errorf("at %dx%d the Detail is at %d/%d with %d rows, want the end still in view:\n%s", size[0], size[1], at, n, m.detail.scroll.height, m.View())
		}
	}

	// Halfway down, the text on the top row stays on top, wrapped again:
	// the same words begin it, and the same offset is the first below.
	press(m, "home")
	for range 8 {
		press(m, "pgdown")
	}
	at, n = detailPlace(t, m)
	before, beforeNext := detailTopText(m)
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	at2, n2 := detailPlace(t, m)
	if n2 == n {
		t.Fatalf("the lines are the same at 160 columns (%d): the test does not rewrap", n)
	}
	after, afterNext := detailTopText(m)
	if !strings.HasPrefix(after, before[:min(len(before), 20)]) || afterNext != beforeNext {
		t.Errorf("at %d/%d the top row was %q (offset %s next) before the resize, at %d/%d it is %q (offset %s next); want the same text on top",
			at, n, before, beforeNext, at2, n2, after, afterNext)
	}
}

var textOffset = regexp.MustCompile(`\d{8}`)

// detailTopText is the text of Detail's top row, and the first offset of
// longText shown from it down.
func detailTopText(m *Model) (string, string) {
	start, end := m.detail.scroll.visible(len(m.detail.cache))
	top := strings.TrimSpace(ansi.Strip(m.detail.cache[start]))
	for _, row := range m.detail.cache[start:end] {
		if o := textOffset.FindString(ansi.Strip(row)); o != "" {
			return top, o
		}
	}
	return top, ""
}

// TestDetailRawToggleKeepsTheResponse: reading a large answer (formatted
// off the update loop, behind a placeholder), v shows its exact bytes at
// the Response section the reader was in, and v again the pretty lines
// there, instead of the top of the pane.
func TestDetailRawToggleKeepsTheResponse(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, hugeAnswerRecords(strings.Repeat("y", 200<<10)))
	_, cmd := m.Update(keyMsg("enter"))
	m.Update(runCmd(t, cmd, isFormatted))
	if m.focus != paneDetail {
		t.Fatalf("focus = %v, want detail", m.focus)
	}
	for m.detail.scroll.offset <= m.detail.respLine {
		press(m, "down")
	}
	for _, form := range []string{"raw bytes", "pretty"} {
		_, cmd := m.Update(keyMsg("v"))
		m.View() // the placeholder is drawn while the lines are formatted
		m.Update(runCmd(t, cmd, isFormatted))
		view := m.View()
		if m.detail.scroll.offset != m.detail.respLine || !strings.Contains(view, "── Response ──") {
			t.Errorf("v to %s: Detail at line %d, the Response starts at %d:\n%s", form, m.detail.scroll.offset, m.detail.respLine, view)
		}
	}
}
