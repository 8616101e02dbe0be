package ui

import (
	"encoding/json"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// defaultsForm has two fields with defaults and one without.
const defaultsForm = `{"type":"object","properties":{"name":{"type":"string","default":"John Doe"},"age":{"type":"integer","default":30},"nick":{"type":"string"}}}`

// A form whose fields have defaults shows them in its box and says that
// fields left out go with them (SEP-1034: a client shows the form filled
// with its defaults).
func TestAskFormShowsDefaults(t *testing.T) {
	m, _ := askModel(t, "elicitation/create", `{"message":"Who are you?","requestedSchema":`+defaultsForm+`}`)
	view := m.View()
	for _, want := range []string{`name: string, optional, default "John Doe"`, "age: integer, optional, default 30", "fields left out go with their defaults"} {
		if !strings.Contains(view, want) {
			t.Errorf("the question's box lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "nick: string, optional, default") {
		t.Errorf("nick has no default, but the box gives it one:\n%s", view)
	}
}

// A bare "accept" at the prompt sends the form's defaults to a real server.
func TestLiveFormAcceptSendsDefaults(t *testing.T) {
	got := make(chan string, 1)
	// form is in the tools list, so the call goes out at once whether or
	// not the list has arrived when it is typed (else the command line
	// warns that form is not in it and waits for a second enter).
	tools := append(mcptest.StreamableTools(), mcptest.Tool{Name: "form", InputSchema: json.RawMessage(`{"type":"object"}`)})
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Tools: tools, Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		resp, err := x.ServerRequest(x.Context(), "elicitation/create", map[string]any{
			"mode": "form", "message": "Who are you?", "requestedSchema": json.RawMessage(defaultsForm),
		})
		if err != nil {
			x.Error(-32603, "no answer: "+err.Error())
			return
		}
		got <- string(resp)
		x.Result(map[string]any{"content": []map[string]string{{"type": "text", "text": "thanks"}}})
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.call("form")
	l.waitFor("asks: elicitation/create")
	l.tm.Type("accept")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitOK("tools/call form")
	l.quit()
	answer := <-got
	if !strings.Contains(answer, `"content":{"name":"John Doe","age":30}`) {
		t.Errorf("the server got %s, want the accepted form with its two defaults and nothing for nick", answer)
	}
}
