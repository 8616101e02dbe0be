package ui

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// heldRecords passes a session's records on to the TUI until hold is
// called, then keeps them (the session queues them) until release: what
// reaches Update apart from the records (a call's error) comes first, as
// on a busy machine.
type heldRecords struct {
	out  chan []mcp.Record
	mu   sync.Mutex
	gate chan struct{} // while holding: closed by release
	stop chan struct{} // closed when the test ends
}

// holdRecords starts passing in's records on, until the test ends.
func holdRecords(t *testing.T, in <-chan []mcp.Record) *heldRecords {
	h := &heldRecords{out: make(chan []mcp.Record), stop: make(chan struct{})}
	t.Cleanup(func() { close(h.stop) })
	go func() {
		defer close(h.out)
		for {
			var b []mcp.Record
			var ok bool
			select {
			case b, ok = <-in:
				if !ok {
					return
				}
			case <-h.stop:
				return
			}
			h.mu.Lock()
			gate := h.gate
			h.mu.Unlock()
			if gate != nil {
				select {
				case <-gate:
				case <-h.stop:
					return
				}
			}
			select {
			case h.out <- b:
			case <-h.stop:
				return
			}
		}
	}()
	return h
}

// hold keeps every record from now on until release.
func (h *heldRecords) hold() {
	h.mu.Lock()
	h.gate = make(chan struct{})
	h.mu.Unlock()
}

// release lets the held records through, in order, and every later one.
func (h *heldRecords) release() {
	h.mu.Lock()
	close(h.gate)
	h.gate = nil
	h.mu.Unlock()
}

// liveHeldRecords is a live TUI on the demo gateway over legacy /sse,
// initialized, whose records pass through a heldRecords; its first
// reconnect of its own is a minute away.
func liveHeldRecords(t *testing.T) (*live, *heldRecords, *demo.Server) {
	t.Helper()
	gw := demotest.Start(t, demo.Options{})
	answers := NewAnswerer()
	s := mcp.NewSession(mcp.Config{URL: gw.SSEURL(), Transport: mcp.TransportSSE, Reconnect: true, ReconnectDelay: time.Minute,
		Answerer: answers, RequestTimeout: 15 * time.Second})
	t.Cleanup(func() { s.Close() })
	recs := holdRecords(t, s.Records())
	m := New(Options{Records: recs.out, Backend: command.Runner{Session: s}, Styles: testStyles(), URL: gw.SSEURL(),
		Transport: mcp.TransportSSE, Answers: answers})
	m.clipboard = &bytes.Buffer{}
	l := runLive(t, m, s)
	go func() { _ = s.Connect(t.Context()) }()
	l.initialize()
	return l, recs, gw
}

// breakHeld holds the records, closes the gateway and waits for the
// pending call's failure to say so on the status line.
func breakHeld(t *testing.T, l *live, recs *heldRecords, gw *demo.Server) {
	t.Helper()
	l.mark()
	recs.hold()
	if err := gw.Close(); err != nil {
		t.Fatalf("closing the demo gateway: %v", err)
	}
	l.waitFor("reconnecting on its own")
}

// A form open when its legacy stream breaks, with the call's failure
// (which says the stream broke) on the status line before the records of
// the break reach the log: Esc said "cancelled the form (action: cancel)",
// though the cancel could not be sent. It says so, as it does once the
// records came.
func TestLiveFormCancelBeforeTheBreaksRecordsSaysNotSent(t *testing.T) {
	l, recs, gw := liveHeldRecords(t)
	l.command("tools/call confirm")
	l.waitFor("asks: elicitation/create")
	// The form opens on the question, which reaches Update apart from
	// the records: the question's row, which the test reads last, must
	// be in the log before the records are held.
	l.waitRowPending("elicitation/create")
	l.tm.Type("accept name=An")
	l.waitFor("accept name=An")
	breakHeld(t, l, recs, gw)
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	l.waitFor("could not send your cancel")
	recs.release()
	m := l.quit()
	if msg := m.status.msg; msg != nil && strings.Contains(msg.text, "cancelled the form") {
		t.Errorf("the status bar reads %q: it says the cancel was sent, yet the stream was gone", msg.text)
	}
	elicitationNotAnswered(t, m, "cancel")
}

// x on a call whose failure (the legacy stream broke) is on the status
// line, its records not yet in the log where its row still reads
// pending: it said the call "was sent by the session itself, not from
// here: it cannot be cancelled". It ended.
func TestLiveCancelKeyBeforeTheBreaksRecordsSaysItEnded(t *testing.T) {
	l, recs, gw := liveHeldRecords(t)
	l.command("tools/call slow seconds=20")
	l.waitRowPending("tools/call slow")
	breakHeld(t, l, recs, gw)
	l.tm.Type("x")
	l.waitFor("nothing to cancel: tools/call slow")
	if seen := l.seen.Bytes()[l.from:]; bytes.Contains(seen, []byte("sent by the session itself")) {
		t.Errorf("x on the call it sent said the session sent it:\n%s", seen)
	}
	recs.release()
	l.quit()
}
