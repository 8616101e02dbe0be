package ui

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// heldCalls is the session's runner, except that what a tools/call ended
// with reaches the TUI only once release is closed.
type heldCalls struct {
	command.Runner
	release chan struct{}
}

func (h heldCalls) Do(ctx context.Context, c command.Command) (*mcp.Response, []command.ArgWarning, error) {
	resp, warnings, err := h.Runner.Do(ctx, c)
	if c.Method == "tools/call" {
		<-h.release
	}
	return resp, warnings, err
}

// The call a form belonged to can fail (its stream broke) after the
// Enter that answered the form found the stream gone: a busy machine
// brings the call's error to Update late. Its status replaced the words
// that the answer was not sent and is kept, and the answer vanished from
// the screen unsaid. They are carried after the call's error.
func TestLiveUnsentAnswerOutlivesTheCallsLateError(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	answers := NewAnswerer()
	s := mcp.NewSession(mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: time.Minute,
		Answerer: answers, RequestTimeout: 15 * time.Second})
	t.Cleanup(func() { s.Close() })
	// The first attempt to reconnect waits a minute: no news of it comes
	// to replace the call's error on the status line before it is drawn.
	release := make(chan struct{})
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	m := New(Options{Records: s.Records(), Backend: heldCalls{command.Runner{Session: s}, release}, Styles: testStyles(), URL: gw.SSEURL(),
		Transport: mcp.TransportSSE, Answers: answers})
	m.clipboard = &bytes.Buffer{}
	l := &live{t: t, sess: s, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(160, 45))}
	l.out = io.TeeReader(l.tm.Output(), &l.seen)
	go func() { _ = s.Connect(t.Context()) }()
	l.waitFor("● open")
	l.tm.Type("i")
	l.waitFor("● initialized")
	l.command("tools/call confirm")
	l.waitFor("asks: elicitation/create")
	const typed = "accept name=An confirm=true"
	l.tm.Type(typed)
	l.waitFor(typed)
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("◌ reconnecting")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("could not send your answer")
	l.mark()
	close(release)
	// The call's own error: "tools/call confirm: " alone was the bar's
	// "waiting for the answer" too, drawn again as the bar changes.
	l.waitWords("while a request was waiting for its answer")
	final := l.quit()
	if final.status.msg == nil || !strings.Contains(final.status.msg.text, "your unsent answer is kept") || !strings.Contains(final.status.msg.text, typed) {
		t.Errorf("after the call's error the status bar reads %+v, want it still to say the answer %q was kept", final.status.msg, typed)
	}
}
