package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// The methods whose params the specification types complete their keys as
// a tool's arguments do, and the hint describes them: Tab after
// "tasks/get " offered nothing, and "notifications/cancelled " was hinted
// only "key=value words (key:=json for raw JSON) or one {JSON} object of
// params", though README names its requestId.
func TestLiveTypedParamsCompleteTheirKeys(t *testing.T) {
	l := liveDemoAt80(t)

	l.mark()
	l.typeTab(":tasks/get ")
	l.waitFor("tasks/get taskId=")
	l.waitFor("taskId: string, required")

	l.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	l.mark()
	l.tm.Type("notifications/cancelled ")
	l.waitFor("requestId integer|string · reason string")
	l.typeTab("requestId=5 ")
	l.waitFor("requestId=5 reason=")
	l.quit()
}
