package ui

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// detailTopRow is the screen's row under the Detail pane's title: the
// top row of what it shows.
func detailTopRow(t *testing.T, m *Model) string {
	t.Helper()
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	for i, r := range rows {
		if strings.Contains(r, "╭─ Detail") && i+1 < len(rows) {
			return rows[i+1]
		}
	}
	t.Fatalf("no Detail pane on screen:\n%s", ansi.Strip(m.View()))
	return ""
}

var payloadOffset = regexp.MustCompile(`\b\d{8} abc`)

// A resize keeps the line on Detail's top row on top, wrapped again,
// wherever the reader is: a request header, or a line in the middle of a
// long answer. Kept as a share of the way down, the place drifted by a few
// rows (at 120x30 → 160x45 the "── Request ──" heading came back on top
// of the header being read) as what was above it wrapped differently.
// Live against the demo over loopback, a pair opened from the top and
// scrolled a little, then through the sizes a user drags between.
func TestLiveDetailKeepsTheTopLineAcrossResizes(t *testing.T) {
	l := liveDemoAt(t, 120, 30)
	l.mark()
	l.callOK("big bytes=20000")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter}) // the pair, from its top
	for range 7 {
		l.tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	}
	l.waitFor("Detail · 8/")
	m := l.quit()
	const header = "Mcp-Protocol-Version: 2025-11-25"
	if top := detailTopRow(t, m); !strings.Contains(top, header) {
		t.Fatalf("at 120x30 seven rows down Detail's top row is %q, want the header %q", top, header)
	}
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	if top := detailTopRow(t, m); !strings.Contains(top, header) {
		t.Errorf("after 120x30 → 160x45 Detail's top row is %q, want %q still on top:\n%s", top, header, ansi.Strip(m.View()))
	}

	// In the answer's text: a line of the payload, which starts with its
	// byte offset, stays on top at every size.
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 30})
	for range 60 {
		m.Update(keyMsg("down"))
	}
	for i := 0; i < 3 && !payloadOffset.MatchString(detailTopRow(t, m)); i++ {
		m.Update(keyMsg("down")) // off a row that goes on a payload line
	}
	want := payloadOffset.FindString(detailTopRow(t, m))
	if want == "" {
		t.Fatalf("no payload line on Detail's top row at 120x30:\n%s", ansi.Strip(m.View()))
	}
	for _, size := range []tea.WindowSizeMsg{{Width: 160, Height: 45}, {Width: 70, Height: 20}, {Width: 250, Height: 60}, {Width: 120, Height: 30}} {
		m.Update(size)
		if top := detailTopRow(t, m); !strings.Contains(top, want) {
			t.Errorf("at %dx%d Detail's top row is %q, want the line %q still on top:\n%s", size.Width, size.Height, top, want, ansi.Strip(m.View()))
		}
	}
}

// A match on screen below the top row stays on screen across a resize,
// and the top row stays on top: the match was pulled up to the top row,
// moving the reader's place. Live against the demo over loopback.
func TestLiveDetailSearchMatchInViewKeepsTheTopLine(t *testing.T) {
	l := liveDemoAt(t, 120, 30)
	l.mark()
	l.callOK("big bytes=20000")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.tm.Type("/00002048")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyUp})
	l.tm.Send(tea.KeyMsg{Type: tea.KeyUp}) // the line before the match on top
	l.mark()
	l.tm.Send(tea.WindowSizeMsg{Width: 160, Height: 45})
	l.tm.Type(":")
	l.waitFor("tab complete")
	m := l.quitAtWidth(160)
	view := ansi.Strip(m.View())
	if top := detailTopRow(t, m); !strings.Contains(top, "00001984 abc") || !strings.Contains(view, "00002048 abc") || !strings.Contains(view, "“00002048” 1/1") {
		t.Errorf("after the resize Detail's top row is %q, want the line before the match (00001984) still on top and the match in view:\n%s", top, view)
	}
}
