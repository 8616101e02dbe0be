package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// G and g go to the bottom and the top of a long answer in Detail (and
// of the lists), as in less and vim, where a reader tries them first:
// they did nothing outside a replay.
func TestLiveGAndLowerGScrollDetail(t *testing.T) {
	l := liveDemoAt80(t)
	l.mark()
	l.callOK("big bytes=20000")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.mark()
	l.tm.Type("G")
	l.waitFor("00019968 abc") // the payload's last line
	l.tm.Type("g")
	m := l.quit()
	if m.focus != paneDetail {
		t.Fatalf("Detail does not have the keys (focus %v)", m.focus)
	}
	if m.detail.scroll.offset != 0 {
		t.Errorf("g left Detail at line %d, want the top", m.detail.scroll.offset)
	}
}
