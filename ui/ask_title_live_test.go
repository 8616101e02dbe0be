package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The question's title names the call it came during before the server's
// own id for it: at 80 columns it read "from the server (its request 1)
// duri…", the call that asked cut off. The ids after it are said whole or
// not at all: "(id 984400…" was an id no one could look up.
func TestLiveAskTitleNamesTheCallAt80Columns(t *testing.T) {
	for _, tc := range []struct{ call, asks string }{
		{"sample prompt=hi", "during tools/call sample"},
		{"confirm", "during tools/call confirm"},
	} {
		l := liveDemoAt80(t)
		l.call(tc.call)
		l.waitFor("left · " + tc.asks)
		view := ansi.Strip(l.quit().View())
		for _, line := range strings.Split(view, "\n") {
			if strings.Contains(line, "asks: ") && strings.Contains(line, "…") {
				t.Errorf("%s: the title is cut:\n%s", tc.call, line)
			}
		}
	}
}
