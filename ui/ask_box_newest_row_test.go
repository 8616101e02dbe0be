package ui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The question's box covers the bottom of the panes, where the newest rows
// are: the call the server asks about is the last of them. Pairs and Raw
// events were drawn at their full height and cut, so at 80x24, with more
// rows than fit, the pending call and the newest events were hidden while
// the box asked about them.
func TestAskBoxKeepsTheNewestRowsInView(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 45}} {
		w, h := size[0], size[1]
		s := newScript()
		s.negotiate("/sse?sessionid=ABC123")
		for i := 0; i < 40; i++ {
			id := fmt.Sprint(i + 1)
			seq := s.request(id, "tools/call", fmt.Sprintf("tool-%02d", i), `{}`)
			s.post(seq, 202, "")
			s.answer(seq, id, "tools/call", fmt.Sprintf("tool-%02d", i), `{"jsonrpc":"2.0","id":`+id+`,"result":{"content":[]}}`, false, false)
		}
		s.request("99", "tools/call", "newest-call", `{}`)
		s.event("message", `{"jsonrpc":"2.0","id":"ask-event","method":"elicitation/create"}`)
		m := newTestModel(t, w, h, newFakeBackend(), s.recs)
		m.opts.Answers = NewAnswerer()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		t.Cleanup(cancel)
		m.Update(questionMsg{&Question{Req: mcp.InputRequest{Key: "deploy", Method: "elicitation/create", Params: json.RawMessage(formParams)},
			ctx: ctx, reply: make(chan reply, 1)}})
		screen := ansi.Strip(m.View())
		if !strings.Contains(screen, "╭─ asks:") {
			t.Fatalf("%dx%d: no question box:\n%s", w, h, screen)
		}
		if !strings.Contains(screen, "newest-call") {
			t.Errorf("%dx%d: the pending call the box asks about is hidden under it:\n%s", w, h, screen)
		}
		if w >= 160 && !strings.Contains(screen, "ask-event") {
			t.Errorf("%dx%d: the newest event is hidden under the question's box:\n%s", w, h, screen)
		}
	}
}
