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
// -H, and says to leave it out.
func TestExecSaysALabelHeaderGivenFailedDetection(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).StatelessURL()
	for _, h := range []string{"Content-Type: text/plain", "Accept: text/html"} {
		_, errOut, code := run(t, "exec", "--no-record", "--no-listen", "-H", h, url, "tools/list")
		want := "the -H " + h + " given replaced the"
		if code == exitOK || !strings.Contains(errOut, want) || !strings.Contains(errOut, "leave that -H out") {
			t.Errorf("-H %q: exit %d, want %q\n%s", h, code, want, errOut)
		}
	}
}
