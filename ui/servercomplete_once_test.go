package ui

import (
	"encoding/json"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// Tab held down on a value the server completes asks the server once, not
// once per repeat: each ask is a completion/complete in Pairs. Once the
// answer is back, Tab may ask again.
func TestTabAsksTheServerOnceWhileItsAnswerIsOnItsWay(t *testing.T) {
	b := newFakeBackend()
	b.resp = &mcp.Response{Result: json.RawMessage(`{"completion":{"values":["python"]}}`)}
	m := newTestModel(t, 120, 35, b, nil)
	ask := serverCompleteMsg{line: "prompts/get review_code language=py", start: 24, key: "language",
		cmd: command.Command{Method: "completion/complete", Target: "prompt review_code", Words: []string{"language=py"}}}
	_, first := m.Update(ask)
	_, second := m.Update(ask)
	if first == nil {
		t.Fatal("the first Tab asked nothing")
	}
	if second != nil {
		t.Errorf("a second Tab while the first ask was on its way asked again")
	}
	done := runCmd(t, first, func(msg tea.Msg) bool { _, ok := msg.(serverCompletedMsg); return ok })
	if got := (<-b.done).Method; got != "completion/complete" {
		t.Fatalf("sent %q, want completion/complete", got)
	}
	m.Update(done)
	if _, again := m.Update(ask); again == nil {
		t.Error("Tab after the answer came back asked nothing")
	}
}
