package ui

import (
	"encoding/json"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A form half filled when the server withdraws it is not lost: the status
// bar says what was typed and that it was kept, and ↑ in the answer of the
// server's next question brings it back. Before, the answer was cleared
// without a word.
func TestLiveWithdrawnFormKeepsWhatWasTyped(t *testing.T) {
	const ask = `{"jsonrpc":"2.0","id":%d,"method":"elicitation/create","params":{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}`
	withdraw, again := make(chan struct{}), make(chan struct{})
	tools := append(mcptest.StreamableTools(), mcptest.Tool{Name: "form", InputSchema: json.RawMessage(`{"type":"object"}`)})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools, Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Event(strings.Replace(ask, "%d", "41", 1))
		select {
		case <-withdraw:
		case <-x.Context().Done():
			return
		}
		_ = x.Notify("notifications/cancelled", map[string]any{"requestId": 41, "reason": "asking again"})
		select {
		case <-again:
		case <-x.Context().Done():
			return
		}
		_ = x.Event(strings.Replace(ask, "%d", "42", 1))
		<-x.Context().Done()
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.call("form")
	l.waitFor("asks: elicitation/create")
	l.tm.Type("accept name=Ann")
	l.waitFor("accept name=Ann")
	l.mark()
	close(withdraw)
	l.waitFor("your unsent answer is kept")
	l.mark()
	close(again)
	l.waitFor("asks: elicitation/create")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyUp})
	l.waitFor("answer › accept name=Ann")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("↩ answered")
	m := l.quit()
	row := lastPair(m, func(p *history.Pair) bool {
		return p.Kind == history.KindServerRequest && p.Method == "elicitation/create" && p.Reply != nil
	})
	if row == nil {
		t.Fatal("the second question has no reply")
	}
	if reply := string(row.Reply.RPC.Raw); !strings.Contains(reply, `"name":"Ann"`) {
		t.Errorf("the second question was answered %s, want the unsent name=Ann brought back with ↑", reply)
	}
}
