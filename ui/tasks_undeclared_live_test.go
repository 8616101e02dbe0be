package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The fake declares no tasks capability (tools, resources, prompts and
// logging): Tab offered tasks/list, tasks/get, tasks/result and
// tasks/cancel as if the server had them, and the refusal of tasks/list
// blamed nothing the server said. Both now name the capability missing.
func TestLiveUndeclaredTasksAreMarkedAndNamedInTheRefusal(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● initialized")
	text := tasksMarkedThenRefused(l, []string{"tasks/list (not declared)", "tasks/cancel (not declared)"}, "tasks/list", "tasks/list")
	if !strings.Contains(text, "→ the server did not declare tasks.list in its capabilities: it does not offer tasks/list") {
		t.Errorf("the hint does not say the server declared no tasks.list:\n%s", text)
	}
}

// A 2026-07-28 server offers tasks through the tasks extension, declared
// under capabilities.extensions: one that declares none has tasks/get
// marked, and its refusal names the extension, not 2025's capability.
func TestLiveUndeclaredTasksExtensionIsNamedIn2026(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), NoListen: true})
	l.waitFor("● discovered")
	text := tasksMarkedThenRefused(l, []string{"tasks/get (not declared)"}, "tasks/get taskId=t1", "tasks/get")
	if !strings.Contains(text, "→ the server did not declare extensions.io.modelcontextprotocol/tasks in its capabilities: it does not offer tasks/get") {
		t.Errorf("the hint does not name the tasks extension:\n%s", text)
	}
}

// tasksMarkedThenRefused presses Tab after "tasks/", waits for each of
// marked among the candidates, leaves the line, sends line, waits for its
// row titled title to be refused, quits and returns that row's detail.
func tasksMarkedThenRefused(l *live, marked []string, line, title string) string {
	l.tm.Type(":")
	l.typeTab("tasks/")
	for _, s := range marked {
		l.waitFor(s)
	}
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.mark()
	l.command(line)
	l.waitRowState(title, "✗ rpc error")
	return refusalHint(l.quit(), title)
}
