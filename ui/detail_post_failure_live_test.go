package ui

import (
	"net/http"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call its server refuses with a 500 and a traceback: at 80x24 the
// Detail pane shows the body under the failure, whose sentence quotes only
// its first line ("Traceback (most recent call last):"). The body was at
// the bottom, under the request's JSON, off the first screen.
func TestLiveDetailShowsARefusedPostsBodyUnderTheFailure(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Status(http.StatusInternalServerError, "text/plain",
			"Traceback (most recent call last):\n  File \"server.py\", line 12, in handle\nKeyError: 'boom'\n")
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.call("echo text=hi")
	l.waitFor("POST 500")
	m := l.quit()
	press(m, "enter")
	view := ansi.Strip(m.View())
	failure, body := strings.Index(view, "── Failure"), strings.Index(view, "KeyError: 'boom'")
	if failure < 0 || body < failure {
		t.Errorf("Detail's first screen does not show the refused POST's body under the failure:\n%s", view)
	}
}
