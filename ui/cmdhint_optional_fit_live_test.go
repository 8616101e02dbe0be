package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The hint for an object argument ends in an example of its JSON, which
// 80 columns cut: "filter: object, optional — Narrows the search, e.g.
// {"after":"2024-01-01","limi…". A hint too wide for the row leaves out
// "optional" (a key not marked required is) and the example reads whole.
func TestLiveArgumentHintKeepsItsExample(t *testing.T) {
	l := liveDemoAt80(t)
	l.command("tools/list")
	l.waitOK("tools/list")
	l.tm.Type(":tools/call search_notes filter=")
	l.waitFor("filter: object")
	v := ansi.Strip(l.quit().View())
	if want := `filter: object — Narrows the search, e.g. '{"after":"2024-01-01","limit":5}'.`; !strings.Contains(v, want) {
		t.Errorf("the hint does not read %q:\n%s", want, v)
	}
}
