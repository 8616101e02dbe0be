package ui

import (
	"bytes"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// y in a tmux pane said "copied … to the clipboard", where tmux, by
// default (set-clipboard external), drops the OSC 52 sequence and nothing
// was copied. Then "tmux copies only with set -g set-clipboard on: sent it
// …" did not say whether it was copied nor what to run. It says what was
// done first, then what tmux needs, the command whole on one row and
// typed with plain spaces.
func TestLiveCopyInTmuxSaysWhatTmuxNeeds(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	cfg := mcp.Config{URL: gw.MCPURL(), Transport: mcp.TransportStreamable}
	s, answers := liveSession(t, cfg)
	m := New(Options{Records: s.Records(), Backend: command.Runner{Session: s}, Styles: testStyles(), URL: cfg.URL, Transport: cfg.Transport, Answers: answers})
	clipboard := &bytes.Buffer{}
	m.clipboard = clipboard
	m.tmux = true
	l := runLive(t, m, s)
	go func() { _ = s.Connect(t.Context()) }()
	l.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	l.waitFor("● initialized")
	l.callOK("greet name=ann")
	l.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	l.waitFor("→ request tools/call greet")
	text, v := l.copyAndQuit("set-clipboard")
	if want := "copied the response JSON of tools/call greet"; !strings.Contains(text, want) {
		t.Errorf("the screen does not say first what was done, %q:\n%s", want, v)
	}
	if want := "(inside tmux it reaches the clipboard only with: tmux set -g set-clipboard on)"; !strings.Contains(text, want) {
		t.Errorf("the screen does not say %q whole:\n%s", want, v)
	}
	// The command on one row, as it is typed: at 80 columns the end of
	// the message wrapped it, "set -g" on one row and "set-clipboard on"
	// on the next.
	if !strings.Contains(v, "tmux set -g set-clipboard on") || strings.Contains(v, "\u00a0") {
		t.Errorf("the screen splits the tmux command over two rows:\n%s", v)
	}
	if strings.Contains(text, "to the clipboard") {
		t.Errorf("the screen claims the clipboard has it, which tmux decides:\n%s", v)
	}
	if !strings.Contains(clipboard.String(), "\x1b]52;") {
		t.Errorf("no OSC 52 sequence was written: %q", clipboard.String())
	}
}

// The tmux command comes at the end of y's message: at every width the
// message wraps, the command stays whole on one row, as it is typed.
func TestCopyInTmuxKeepsTheCommandOnOneRow(t *testing.T) {
	for w := 60; w <= 160; w++ {
		m := newTestModel(t, w, 24, nil, fixtureRecords())
		m.Update(copiedMsg{what: "response JSON of tools/call forecast, id 5015003", n: 156, total: 156, tmux: true})
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "tmux set -g set-clipboard on)") {
			t.Fatalf("at %d columns the tmux command is not whole on one row:\n%s", w, v)
		}
	}
}
