package ui

import (
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// "/" with Detail focused searches its lines: enter scrolls the first
// line holding the text into view (to the top when there is room) and the title says which match of how
// many, n and N step through them (wrapping), a text found nowhere says
// so, esc leaves the input, and "/" elsewhere still filters Raw events.
// At 80x24 the frame keeps its size throughout.
func TestDetailSearch(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "home", "enter")
	if m.focus != paneDetail {
		t.Fatalf("enter on a pair did not bring Detail forward (focus %v)", m.focus)
	}
	total := len(findMatches(m.detail.lines(), "jsonrpc"))
	if total < 2 {
		t.Fatalf("the fixture's first pair has %d lines with jsonrpc, want 2 or more", total)
	}
	press(m, "/")
	if !m.detail.searching() {
		t.Fatal("/ in Detail did not open its search")
	}
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	if row(view, "enter find", "n and N") == "" {
		t.Errorf("the search input's keys are not said:\n%s", view)
	}
	typeKeys(m, "JSONRPC")
	press(m, "enter")
	// shown is the line of the current match when it is in view.
	shown := func() string {
		s := m.detail.search
		if s.at < 0 || s.at >= len(s.hits) {
			return ""
		}
		if h := s.hits[s.at]; h >= m.detail.scroll.offset && h < m.detail.scroll.offset+m.detail.scroll.height {
			return ansi.Strip(m.detail.lines()[h])
		}
		return ""
	}
	first := ansi.Strip(m.View())
	if !strings.Contains(first, "“JSONRPC” 1/") || !strings.Contains(strings.ToLower(shown()), "jsonrpc") {
		t.Errorf("after enter: title or top line lacks the first match (match line in view %q):\n%s", shown(), first)
	}
	press(m, "n")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "“JSONRPC” 2/") || !strings.Contains(strings.ToLower(shown()), "jsonrpc") {
		t.Errorf("n did not go to the second match (match line in view %q):\n%s", shown(), view)
	}
	press(m, "N")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "“JSONRPC” 1/") {
		t.Errorf("N did not go back to the first match:\n%s", view)
	}
	press(m, "N")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "“JSONRPC” "+strconv.Itoa(total)+"/") {
		t.Errorf("N on the first match did not wrap to the last (%d):\n%s", total, view)
	}

	press(m, "/")
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlU})
	typeKeys(m, "no such text")
	press(m, "enter")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "“no such text” not found") || strings.Contains(view, "in what is shown") {
		t.Errorf("a text found nowhere in a pair shown whole is not said so:\n%s", view)
	}
	press(m, "/", "esc")
	if m.detail.searching() || m.focus != paneDetail {
		t.Errorf("esc left the search open (%v) or Detail (focus %v)", m.detail.searching(), m.focus)
	}

	press(m, "esc", "/")
	if !m.events.typing() || m.detail.searching() {
		t.Errorf("/ outside Detail: filter open %v, detail search open %v; want the Raw events filter", m.events.typing(), m.detail.searching())
	}
}

// A text not found in an answer too large to draw whole is said not found
// in what is shown: the part left out was not searched.
func TestDetailSearchSaysItLookedInPart(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, hugeAnswerRecords(bigText))
	_, cmd := m.Update(keyMsg("enter"))
	m.Update(runCmd(t, cmd, isFormatted))
	press(m, "/")
	typeKeys(m, "no such text")
	press(m, "enter")
	if view := ansi.Strip(m.View()); !strings.Contains(view, "“no such text” not found in what is shown") {
		t.Errorf("a search in part of an answer does not say it looked only at what is shown:\n%s", view)
	}
}

// A message shown whole that itself holds the words " more not shown" is
// searched whole: a text not in it is said not found, not "not found in
// what is shown". Before, those words in the message were taken for the
// notice under a message shown in part.
func TestDetailSearchInAWholeMessageThatSaysMoreNotShown(t *testing.T) {
	m := newTestModel(t, 160, 45, nil, hugeAnswerRecords("12 more not shown"))
	press(m, "enter")
	press(m, "/")
	typeKeys(m, "no such text")
	press(m, "enter")
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "“no such text” not found") || strings.Contains(view, "in what is shown") {
		t.Errorf("a search in a message shown whole says it looked only at part of it:\n%s", view)
	}
}
