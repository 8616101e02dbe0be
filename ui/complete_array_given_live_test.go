package ui

import (
	"strings"
	"testing"
)

// An array of enum members takes one member per repeated key ("tags=mcp
// tags=ops"): Tab after the second tags= offered mcp again, first, as if
// it were not in the list yet. Members already given are not offered.
func TestLiveArrayEnumOffersWhatIsNotGivenYet(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("tools/list")
	l.waitOK("tools/list")
	v := l.tabView(":tools/call search_notes tags=mcp tags=", "gateway  todo")
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
