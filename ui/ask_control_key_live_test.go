package ui

import (
	"encoding/json"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A form whose field name holds an escape sequence: Tab offers the field
// as the form shows it, Go-quoted ("n\x1b[2Jame"=), and the answer typed
// so fills that field. Tab offered nothing (the name could not be typed),
// and the field could not be answered.
func TestLiveFormFieldNamedWithControlTextIsAnswered(t *testing.T) {
	tools := append(mcptest.StreamableTools(), mcptest.Tool{Name: "form", InputSchema: json.RawMessage(`{"type":"object"}`)})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools, Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		answer, err := x.ServerRequest(x.Context(), "elicitation/create", map[string]any{"message": "Who are you?",
			"requestedSchema": map[string]any{"type": "object", "properties": map[string]any{"n\x1b[2Jame": map[string]any{"type": "string"}}}})
		var a struct {
			Result struct {
				Content map[string]string `json:"content"`
			} `json:"result"`
		}
		if err != nil || json.Unmarshal(answer, &a) != nil {
			x.Result(mcptest.TextResult("no answer", true))
			return
		}
		x.Result(mcptest.TextResult("the field held "+a.Result.Content["n\x1b[2Jame"], false))
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.call("form")
	l.waitFor("asks: elicitation/create")
	l.mark()
	l.typeTab("accept ")
	l.waitFor(`accept "n\x1b[2Jame"=`)
	l.tm.Type("Ann")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("the field held Ann")
	l.quit()
}
