package ui

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// orderChecked is the TUI whose every frame is checked: the flood's notes
// the Pairs pane shows come in the order the server sent them, one after
// the other.
type orderChecked struct {
	*Model
	frames int
	bad    []string // frames out of order, as the screen read them
}

var floodNote = regexp.MustCompile(`log info: flood note (\d+)`)

func (o *orderChecked) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := o.Model.Update(msg)
	return o, cmd
}

func (o *orderChecked) View() string {
	v := o.Model.View()
	o.frames++
	prev := -1
	for _, m := range floodNote.FindAllStringSubmatch(ansi.Strip(v), -1) {
		n, _ := strconv.Atoi(m[1])
		if prev >= 0 && n != prev+1 && len(o.bad) < 3 {
			o.bad = append(o.bad, fmt.Sprintf("%d after %d:\n%s", n, prev, ansi.Strip(v)))
		}
		prev = n
	}
	return v
}

// Rows 4723 and 4724 were seen above 4469 once, part way through a flood
// of notifications in tmux. Through the real session, every frame the
// TUI draws mid-flood and the rows it holds at the end are in the order
// the server sent them: what tmux showed was a frame it had read in part
// over the one before, not the TUI's order.
func TestLivePairsKeepTheFloodsOrder(t *testing.T) {
	const notes = 20000
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	cfg := mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}
	s, answers := liveSession(t, cfg)
	o := &orderChecked{Model: New(Options{Records: s.Records(), Backend: command.Runner{Session: s}, Styles: testStyles(), URL: cfg.URL, Transport: cfg.Transport, Answers: answers})}
	l := &live{t: t, sess: s, tm: teatest.NewTestModel(t, o, teatest.WithInitialTermSize(220, 50))}
	l.out = io.TeeReader(l.tm.Output(), &l.seen)
	go func() { _ = s.Connect(t.Context()) }()
	sess, err := srv.WaitSession(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.WaitGET(t.Context()); err != nil {
		t.Fatal(err)
	}
	for i := range notes {
		if err := sess.Notify("notifications/message", map[string]any{"level": "info", "data": fmt.Sprintf("flood note %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	// The TUI takes in 20,000 notes as they come: on a loaded machine
	// under -race it drew the last over 15 s after the server had sent it.
	last := []byte(fmt.Sprintf("flood note %d", notes-1))
	l.waitUntilWithin(time.Minute, func(seen []byte) bool { return bytes.Contains(seen, last) })
	l.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	l.tm.WaitFinished(t, teatest.WithFinalTimeout(liveWait))
	final := l.tm.FinalModel(t).(*orderChecked)
	for _, b := range final.bad {
		t.Errorf("a frame drawn mid-flood shows the notes out of order: %s", b)
	}
	next := 0
	for i := range final.com.log.PairCount() {
		p := final.com.log.Pair(i)
		if p.Method != "notifications/message" {
			continue
		}
		if want := fmt.Sprintf("flood note %d", next); !strings.Contains(string(p.Request.RPC.Raw), want) {
			t.Fatalf("row %d is not %q: %s", i, want, p.Request.RPC.Raw)
		}
		next++
	}
	if next != notes || final.frames < 10 {
		t.Errorf("%d rows of the %d notes, %d frames drawn", next, notes, final.frames)
	}
}
