package ui

import (
	"encoding/json"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A completion/complete still on its way when i began another session
// brought the old session's values, and Tab offered them on the line the
// user came back to: a prompt's arguments or a resource's names may be
// another in the new session. They are said to have come late, not
// offered, and Tab asks the new session.
func TestLiveCompletionAnswerAfterNewSessionIsNotOffered(t *testing.T) {
	asked, release := make(chan struct{}, 1), make(chan struct{})
	var once sync.Once
	let := func() { once.Do(func() { close(release) }) }
	t.Cleanup(let) // a held answer never holds the server's close up
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch {
		case x.Kind == mcptest.KindRequest && x.Method == "initialize":
			x.Result(map[string]any{"protocolVersion": "2025-11-25", "serverInfo": map[string]any{"name": "fake", "version": "1"},
				"capabilities": map[string]any{"prompts": map[string]any{}, "completions": map[string]any{}}})
		case x.Kind == mcptest.KindRequest && x.Method == "completion/complete":
			var p struct {
				Argument struct{ Value string } `json:"argument"`
			}
			_ = json.Unmarshal(x.Params, &p)
			if p.Argument.Value == "r" {
				asked <- struct{}{}
				<-release
			}
			x.Result(map[string]any{"completion": map[string]any{"values": []string{"ruby", "rust"}}})
		default:
			x.Default()
		}
	}})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.mark()
	l.typeTab(":prompts/get review lang=r")
	select {
	case <-asked:
	case <-time.After(liveWait):
		t.Fatal("Tab sent no completion/complete")
	}
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc}) // the line is kept for when : opens it again
	l.tm.Type("i")
	l.waitRowsDrawn("initialize", 2)
	l.waitFor("● initialized")
	l.tm.Type(":")
	let()
	l.waitFor("came after the session changed")
	m := l.quit()
	if m.cmdline.cycle != nil {
		t.Errorf("Tab's candidates %+v are the old session's", m.cmdline.cycle.comp.items)
	}
}
