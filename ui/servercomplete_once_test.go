package ui

import (
	"encoding/json"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
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

// Tab on such a value before a legacy session is initialized asks nothing
// (the server would refuse completion/complete in words that do not say
// what to do) and says to initialize first.
func TestTabBeforeInitializeSaysToInitialize(t *testing.T) {
	b := newFakeBackend()
	m := newTestModel(t, 120, 35, b, []mcp.Record{{Seq: 1, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen, Transport: mcp.TransportSSE}}})
	m.Update(serverCompleteMsg{line: "prompts/get review_code language=py", start: 24, key: "language",
		cmd: command.Command{Method: "completion/complete", Target: "prompt review_code", Words: []string{"language=py"}}})
	if m.completing != "" {
		t.Error("Tab asked the server on a session not initialized")
	}
	if got, want := m.status.msg.text, "no values to offer for language: not initialized yet: press i first"; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
}

// Another session shown (a proxy's own, another client's) is another
// server: what the one shown before offered nothing for is asked again.
func TestTabAsksAgainOnAnotherSessionShown(t *testing.T) {
	b := newFakeBackend()
	m := newTestModel(t, 120, 35, b, nil)
	ask := serverCompleteMsg{line: "prompts/get review_code language=zz", start: 24, key: "language",
		cmd: command.Command{Method: "completion/complete", Target: "prompt review_code", Words: []string{"language=zz"}}}
	m.Update(serverCompletedMsg{ask: ask})
	m.Update(ask)
	if m.completing != "" || !strings.Contains(m.status.msg.text, "(asked already)") {
		t.Fatalf("Tab again on the value the server offered nothing for: status %q", m.status.msg.text)
	}
	_ = m.showLog(history.NewLog())
	m.Update(ask)
	if m.completing != ask.line {
		t.Errorf("Tab on another session's line asked nothing: status %q", m.status.msg.text)
	}
}
