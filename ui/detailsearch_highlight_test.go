package ui

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// A Detail search marks every occurrence of the text in the lines shown
// (the title said 1/N, but a person had to hunt for the word along the
// line), in any case, and the text after a match keeps its own colour.
// Nothing is marked before enter, after the selection moves on, or where
// the text is not.
func TestDetailSearchHighlightsMatches(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	m.com.st.SelectedRow = r.NewStyle().Background(lipgloss.Color("#ff0000"))
	m.com.st.JSONString = r.NewStyle().Foreground(lipgloss.Color("#00ff00"))
	const mark = "\x1b[48;2;255;0;0m"

	press(m, "home", "enter", "/")
	typeKeys(m, "JsonRpc")
	if v := m.View(); strings.Contains(v, mark) {
		t.Errorf("a match is marked before enter:\n%s", v)
	}
	press(m, "enter")
	lines := strings.Split(m.View(), "\n")
	marked := 0
	for _, l := range lines {
		plain := ansi.Strip(l)
		has := strings.Contains(plain, `"jsonrpc"`)
		i := strings.Index(l, mark)
		if has != (i >= 0) {
			t.Errorf("line %q: holds the text %v, marked %v", plain, has, i >= 0)
			continue
		}
		if !has {
			continue
		}
		marked++
		if got := ansi.Strip(l[i:]); !strings.HasPrefix(got, "jsonrpc") {
			t.Errorf("the mark starts at %q, want at jsonrpc", got)
		}
		rest := l[strings.Index(l, "jsonrpc")+len("jsonrpc"):]
		if !strings.Contains(rest, "\x1b[38;2;0;255;0m") {
			t.Errorf("the value after the match lost its colour: %q", rest)
		}
	}
	if marked == 0 {
		t.Fatalf("no line of the search's text is marked:\n%s", ansi.Strip(m.View()))
	}
	checkFrame(t, ansi.Strip(m.View()), 80, 24)

	press(m, "esc", "down", "enter")
	if v := m.View(); strings.Contains(v, mark) {
		t.Errorf("another selection's lines are marked with the old search:\n%s", ansi.Strip(v))
	}
}

// matchSpans counts cells, not bytes: a match after wide or accented
// letters is marked where it is drawn.
func TestMatchSpans(t *testing.T) {
	for _, c := range []struct {
		line, q string
		want    [][2]int
	}{
		{"abc abc", "B", [][2]int{{1, 2}, {5, 6}}},
		{"日本 name Name", "name", [][2]int{{5, 9}, {10, 14}}},
		{"élan ÉLAN", "élan", [][2]int{{0, 4}, {5, 9}}},
		{"aaaa", "aa", [][2]int{{0, 2}, {2, 4}}},
		{"short", "longer text", nil},
	} {
		got := matchSpans(c.line, c.q)
		if len(got) != len(c.want) {
			t.Errorf("matchSpans(%q, %q) = %v, want %v", c.line, c.q, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("matchSpans(%q, %q) = %v, want %v", c.line, c.q, got, c.want)
				break
			}
		}
	}
}

// The search input's hint fits 80 columns whole: it was cut to "any …".
func TestDetailSearchHintFitsEighty(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, "home", "enter", "/")
	if l := row(ansi.Strip(m.View()), "enter find ·"); !strings.Contains(l, "any case") {
		t.Errorf("the search hint is cut at 80 columns: %q", l)
	}
}

// A search made in a pending request's Detail stays when its lines change
// under it (here its answer arrives; a progress notification does the
// same): the title's count and the marks went away at the first change and
// came back only on n.
func TestDetailSearchFollowsAPendingRequest(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	call := s.request("7", "tools/call", "slow", `{"name":"slow","arguments":{"seconds":5}}`)
	s.post(call, 202, "")
	m := newTestModel(t, 80, 24, newFakeBackend(), s.recs)
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	m.com.st.SelectedRow = r.NewStyle().Background(lipgloss.Color("#ff0000"))
	const mark = "\x1b[48;2;255;0;0m"

	press(m, "end", "enter", "/")
	typeKeys(m, "jsonrpc")
	press(m, "enter")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "“jsonrpc” 1/1") {
		t.Fatalf("the search in the pending request found no single match:\n%s", v)
	}
	s.answer(call, "7", "tools/call", "slow", `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"done"}]}}`, false, false)
	m.Update(recordsMsg(s.recs[len(s.recs)-2:]))
	v := m.View()
	if !strings.Contains(ansi.Strip(v), "“jsonrpc” 1/2") || !strings.Contains(v, mark) {
		t.Errorf("after the answer arrived the search is gone (want “jsonrpc” 1/2 and the match marked):\n%s", ansi.Strip(v))
	}
}
