package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A -H Content-Type (or Accept) replaces the one every POST is labelled
// with, and a server refuses each probe for it: the failure said no
// transport worked and to check the URL, which was right. It names the
// -H, and says to leave it out; its advice no longer says to check the
// URL under it (the fact is recorded, so a replay advises alike).
func TestExecSaysALabelHeaderGivenFailedDetection(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).StatelessURL()
	for _, h := range []string{"Content-Type: text/plain", "Accept: text/html"} {
		_, errOut, code := run(t, "exec", "--no-record", "--no-listen", "-H", h, url, "tools/list")
		want := "the -H " + h + " given replaced the"
		if code == exitOK || !strings.Contains(errOut, want) || !strings.Contains(errOut, "leave that -H out") {
			t.Errorf("-H %q: exit %d, want %q\n%s", h, code, want, errOut)
		}
		if strings.Contains(errOut, "check the URL") || !strings.Contains(errOut, "hint: leave out the -H the error names") {
			t.Errorf("-H %q: the advice contradicts the message naming the -H\n%s", h, errOut)
		}
	}
}

// The -H is named only when a server refused a label: with nothing
// listening, every probe failed to connect, and the failure blamed a
// -H Content-Type "application/json; charset=utf-8", which says what
// mcpscope's own label says and every server takes.
func TestExecNamesALabelHeaderOnlyForARefusal(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).StatelessURL()
	_, errOut, _ := run(t, "exec", "--no-record", "--no-listen", "-H", "Content-Type: application/json; charset=utf-8", url, "tools/list")
	if strings.Contains(errOut, "given replaced the") {
		t.Errorf("a Content-Type of JSON with a charset is named as replacing the label:\n%s", errOut)
	}
	_, errOut, code := run(t, "exec", "--no-record", "--no-listen", "-H", "Content-Type: text/plain", "http://127.0.0.1:1/mcp", "tools/list")
	if code == exitOK || strings.Contains(errOut, "given replaced the") {
		t.Errorf("nothing listening: exit %d, and the failure names the -H:\n%s", code, errOut)
	}
}
