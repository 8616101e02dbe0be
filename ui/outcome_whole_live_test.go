package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// What a tool said when it failed, and a JSON-RPC refusal, were cut at
// the edge of an 80-column bar ("…after 30 …", "(sent d…"): the person
// had to open Detail to read the one sentence they wanted. A warning or
// an error about a send wraps under the keys row and reads whole.
func TestLiveFailedCallReadsWhole(t *testing.T) {
	l := liveDemoAt80(t)
	const said = "the database connection pool is exhausted after 30 seconds of waiting for a free connection"
	l.call(`fail message="` + said + `"`)
	l.waitFor("tools/call fail: ✗ isError")
	v := ansi.Strip(l.quit().View())
	text := strings.Join(strings.Fields(v), " ")
	if want := "tools/call fail: ✗ isError: " + said; !strings.Contains(text, want) {
		t.Errorf("the screen does not say %q whole:\n%s", want, v)
	}
}
