package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/mcpscope/mcpscope/ui"
)

// proxyTUI is the TUI `mcpscope proxy` opens in front of upstream: a proxy
// from tuiProxy, listening on a free port and recording to a directory of
// its own, shown with the default styles and a config directory of its own.
func proxyTUI(t *testing.T, upstream string) (*ui.Model, *proxyRun) {
	t.Helper()
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	run := tuiProxy(t, upstream, proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	return ui.New(run.uiOptions(defaultStyles(t))), run
}

// screenLine is the last line on m's screen that holds s, as the user reads
// it (no styling, no margins), or "" where no line does.
func screenLine(m *ui.Model, s string) string {
	var line string
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.Contains(l, s) {
			line = strings.TrimSpace(l)
		}
	}
	return line
}

// quitOnceDrawn waits until tm's screen has drawn s, quits it as ctrl+c
// does, and returns the model it ended with, for screenLine to read.
func quitOnceDrawn(t *testing.T, tm *teatest.TestModel, s string) *ui.Model {
	t.Helper()
	var seen bytes.Buffer
	out := io.TeeReader(tm.Output(), &seen)
	teatest.WaitFor(t, out, func([]byte) bool { return strings.Contains(ansi.Strip(seen.String()), s) },
		teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final, ok := tm.FinalModel(t, teatest.WithFinalTimeout(15*time.Second)).(*ui.Model)
	if !ok {
		t.Fatal("the TUI ended as a model other than ui.Model")
	}
	return final
}
