package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/mcpscope/mcpscope/mcp"
)

// A new client announced over "answer the question above", then let go
// past maxEnded, took the status line with it: the question still waited
// and nothing said why the panes stood still. The reminder comes back.
func TestAskReminderBackWhenAnnouncedClientLetGo(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.opts.Answers = NewAnswerer()
	addClient(m, 1, "shown")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	q := &Question{Req: mcp.InputRequest{Key: "deploy", Method: "elicitation/create", Params: json.RawMessage(formParams)},
		ctx: ctx, reply: make(chan reply, 1)}
	m.Update(questionMsg{q})
	if !m.ask.open() {
		t.Fatal("the question did not open")
	}
	for id := 3; id <= maxEnded+3; id++ {
		addClient(m, id, "later")
	}
	addClient(m, 2, "came and went")
	m.Update(clientEndedMsg{2})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "a new client: 2") {
		t.Fatalf("client 2 is not announced:\n%s", v)
	}
	for id := 3; id <= maxEnded+3; id++ {
		m.Update(clientEndedMsg{id})
	}
	v := ansi.Strip(m.View())
	if strings.Contains(v, "a new client: 2") {
		t.Fatalf("client 2, let go, is still announced:\n%s", v)
	}
	if !strings.Contains(v, "answer the question above") {
		t.Errorf("the question is open but the reminder to answer it went with the announcement:\n%s", v)
	}
}
