package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// draftsThenUnanswered answers every sampling with a draft and leaves a
// form unanswered (mcp.ErrUnanswered, as a re-run leaves one). It said so
// once the session's RequestTimeout ran out, kept at 1s for it, which
// bounded every request too: one slower than 1s under -race on loaded
// cores failed the test.
type draftsThenUnanswered struct{}

func (draftsThenUnanswered) Answer(_ context.Context, req mcp.InputRequest) (json.RawMessage, error) {
	if req.Method == "sampling/createMessage" {
		return json.RawMessage(`{"role":"assistant","content":{"type":"text","text":"a draft"},"model":"me"}`), nil
	}
	return nil, mcp.ErrUnanswered
}

// A 2026 round that asked a hundred samplings, all answered, and a form
// left unanswered: Detail of the call listed a "given" line for every
// answer, however many; it shows the first history.GivenMost in key order
// and counts the rest, as the Markdown export does.
func TestLiveDetailCountsTheGivenAnswersPastTheFirst(t *testing.T) {
	const asked = 100
	var reqs strings.Builder
	reqs.WriteString(`"ask":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object"}}}`)
	for i := range asked {
		fmt.Fprintf(&reqs, `,"draft%03d":{"method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}}`, i)
	}
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{` + reqs.String() + `}}}`)
	})
	s := mcp.NewSession(mcp.Config{URL: srv.URL, Transport: mcp.TransportStateless, NoListen: true, Answerer: draftsThenUnanswered{}, RequestTimeout: liveWait})
	log, done := history.NewLog(), make(chan struct{})
	go func() {
		defer close(done)
		for batch := range s.Records() {
			log.Append(batch...)
		}
	}()
	if err := s.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CallTool(t.Context(), "anything", json.RawMessage(`{}`)); !errors.Is(err, mcp.ErrUnanswered) {
		t.Fatalf("tools/call = %v, want the form left unanswered", err)
	}
	s.Close()
	select {
	case <-done:
	case <-time.After(liveWait):
		t.Fatal("the session's records did not end after Close")
	}
	m := New(Options{Styles: testStyles()})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 45})
	for i := range log.PairCount() {
		if p := log.Pair(i); p.Method != "tools/call" || p.Failure == nil {
			continue
		}
		given, text := 0, ansi.Strip(strings.Join(detailOf(m, log, i), "\n"))
		for _, line := range strings.Split(text, "\n") {
			if strings.Contains(line, `given     draft`) {
				given++
			}
		}
		if more := fmt.Sprintf("given     … %d more", asked-history.GivenMost); given != history.GivenMost || !strings.Contains(text, more) {
			t.Errorf("Detail has %d given lines, want %d and %q:\n%s", given, history.GivenMost, more, text)
		}
		if !strings.Contains(text, `given     draft000: `) {
			t.Errorf("Detail does not show the first answer given, draft000:\n%s", text)
		}
		return
	}
	t.Error("no tools/call failed")
}
