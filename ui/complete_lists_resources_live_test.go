package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Tab on read's URI before the resources were listed lists them (and the
// templates) itself, as c lists the tools, and once both are in offers
// their URIs (it took a second Tab); the next Tab puts the first in.
// Tab again while the listings are on their way lists nothing twice.
func TestLiveReadTabListsResourcesItself(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.mark()
	l.tm.Type(":")
	l.typeTab("read ")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("demo://clock  demo://logo.png")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("read demo://")
	m := l.quit()
	for _, method := range []string{"resources/list", "resources/templates/list"} {
		if got := pairsOf(m, method); len(got) != 1 {
			t.Errorf("%s rows = %v, want one listing", method, got)
		}
	}
	if v := m.cmdline.input.Value(); !strings.HasPrefix(v, "read demo://") {
		t.Errorf("command line after Tab = %q, want a demo:// URI", v)
	}
}
