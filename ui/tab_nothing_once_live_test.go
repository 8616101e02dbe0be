package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// After a Tab that found no values for a key, the hint names the key once:
// "no values to offer for name: type one · name: string …" said it twice
// and cut what the argument is at 80 columns.
func TestLiveTabNothingNamesTheKeyOnce(t *testing.T) {
	l := liveDemoAt80(t)
	l.listTools()
	l.mark()
	l.typeTab(":tools/call greet name=")
	l.waitText("no values to offer for name: type one · string (length >= 1), required")
	if v := ansi.Strip(l.quit().View()); strings.Contains(v, "type one · name:") {
		t.Errorf("the hint names the key twice:\n%s", v)
	}
}
