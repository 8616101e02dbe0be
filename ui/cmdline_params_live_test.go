package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The methods whose params the specification types complete their keys as
// a tool's arguments do, and the hint describes them: Tab after
// "tasks/get " offered nothing, and "notifications/cancelled " was hinted
// only "key=value words (key:=json for raw JSON) or one {JSON} object of
// params", though README names its requestId.
func TestLiveTypedParamsCompleteTheirKeys(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")

	l.mark()
	l.tm.Type(":tasks/get ")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("tasks/get taskId=")
	l.waitFor("taskId: string, required")

	l.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	l.mark()
	l.tm.Type("notifications/cancelled ")
	l.waitFor("requestId integer|string · reason string")
	l.tm.Type("requestId=5 ")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	l.waitFor("requestId=5 reason=")
	l.quit()
}
