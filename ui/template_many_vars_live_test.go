package ui

import (
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server's resource template of 20,000 variables, filled with one and a
// key it does not have: each variable left out is a warning, and the line
// under the command line named every one (and the unknown key's warning
// the whole template and all its variables), megabytes worded and wrapped
// on every frame, seconds a key. The status after sending names the first
// few and counts the rest.
func TestLiveTemplateOfManyVariablesWarnsInBrief(t *testing.T) {
	const vars = 20000
	names := make([]string, vars)
	for i := range names {
		names[i] = "v" + strconv.Itoa(i)
	}
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method == "resources/templates/list" {
			x.Result(map[string]any{"resourceTemplates": []map[string]string{
				{"uriTemplate": "many://{" + strings.Join(names, ",") + "}", "name": "many"},
			}})
			return
		}
		if x.Kind == mcptest.KindRequest && x.Method == "resources/read" {
			x.Result(map[string]any{"contents": []map[string]string{{"uri": "many://1", "text": "one"}}})
			return
		}
		x.Default()
	}})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 160, 45, "● initialized")
	l.command("resources/templates/list")
	l.waitOK("resources/templates/list")
	l.typeTab(":read many")
	l.mark()
	l.tm.Type(" v0=1 zz=2")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("resources/read: ok (sent anyway: zz: not a variable of")
	m := l.quit()
	said := ""
	if m.status.msg != nil {
		said = m.status.msg.text
	}
	if !strings.Contains(said, "(its variables: v0, v1, v2, v3, v4, v5, v6, v7 and 19992 more)") ||
		!strings.HasSuffix(said, "; and "+strconv.Itoa(vars-maxWarningsSaid)+" more)") || len(said) > 2000 {
		t.Errorf("the status is %d bytes, want a few warnings named and the rest counted: %.600q", len(said), said)
	}
}
