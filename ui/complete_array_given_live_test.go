package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// An array of enum members takes one member per repeated key ("tags=mcp
// tags=ops"): Tab after the second tags= offered mcp again, first, as if
// it were not in the list yet. Members already given are not offered.
func TestLiveArrayEnumOffersWhatIsNotGivenYet(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("tools/list")
	l.waitFor("tools/list: ok")
	l.tm.Type(":tools/call search_notes tags=mcp tags=")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("gateway  todo")
	v := ansi.Strip(l.quit().View())
	var offered string
	for _, r := range strings.Split(v, "\n") {
		if strings.Contains(r, "gateway  todo") {
			offered = r
		}
	}
	if strings.Contains(" "+offered+" ", " mcp ") || !strings.HasPrefix(offered, "ops  sse") {
		t.Errorf("after tags=mcp the candidates are %q, want the other tags only:\n%s", offered, v)
	}
}
