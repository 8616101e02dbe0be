package ui

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// A call cancelled before its POST was answered says in Detail how long
// the POST waited, not that its headers came: "POST no answer: mcpscope
// stopped waiting: headers after 1.8s" named headers that never came.
func TestLiveDetailOfAnUnansweredPOSTSaysNoHeaders(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.Unmarshal(body, &msg)
		switch {
		case msg.ID == nil:
			w.WriteHeader(http.StatusAccepted)
		case msg.Method == "initialize":
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(msg.ID)+`,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"stuck","version":"1"}}}`)
		case msg.Method == "tools/call":
			<-r.Context().Done() // the POST is never answered, not even with a status
		default:
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(msg.ID)+`,"result":{"tools":[]}}`)
		}
	}))
	t.Cleanup(srv.Close)
	l := startLiveReady(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.command("tools/call wait")
	l.waitRowPending("tools/call wait")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("x cancels it")
	l.mark()
	l.tm.Type("x")
	l.waitFor("POST no answer: mcpscope stopped waiting · after ")
	if bytes.Contains(l.seen.Bytes()[l.from:], []byte("headers after")) {
		t.Errorf("Detail says the unanswered POST's headers came")
	}
	l.quit()
}
