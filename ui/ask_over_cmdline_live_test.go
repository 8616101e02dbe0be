package ui

import (
	"encoding/json"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A question that pops up while a command is half typed takes the
// keyboard, and once it is answered the command line is back as it was:
// the same text, the cursor where it was.
func TestLiveQuestionLeavesHalfTypedCommandAsItWas(t *testing.T) {
	ask := make(chan struct{})
	tools := append(mcptest.StreamableTools(), mcptest.Tool{Name: "form", InputSchema: json.RawMessage(`{"type":"object"}`)})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools, Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		select {
		case <-ask:
		case <-x.Context().Done():
			return
		}
		_ = x.Event(`{"jsonrpc":"2.0","id":41,"method":"elicitation/create","params":{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}`)
		<-x.Context().Done()
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.call("form")
	l.tm.Type(":tools/call greet name=An")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyLeft})
	l.waitFor("tools/call greet name=An")
	l.mark()
	close(ask)
	l.waitFor("asks: elicitation/create")
	l.tm.Type("accept name=Q")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.mark()
	l.tm.Type("X")
	l.waitFor("tools/call greet name=AXn")
	m := l.quit()
	if got, want := m.cmdline.input.Value(), "tools/call greet name=AXn"; got != want {
		t.Errorf("command line after the question %q, want %q", got, want)
	}
}
