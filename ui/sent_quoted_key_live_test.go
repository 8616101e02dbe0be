package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A quoted 'uri=demo://readme' is sent whole as the URI, uri= and all: the
// status line said only "Resource not found". It says now what went and
// the line that reads demo://readme, as exec does (command.Run's warning).
func TestLiveQuotedURIKeyValueIsSaid(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.mark()
	l.command("resources/read 'uri=demo://readme'")
	l.waitFor("sent anyway")
	got := l.quit().status.msg.text
	if want := `(sent anyway: "uri=demo://readme" was sent whole as the URI, as quoted; without uri=: resources/read demo://readme)`; !strings.HasSuffix(got, want) {
		t.Errorf("status %q, want it to end %s", got, want)
	}
}
