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
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/themes"
	"github.com/mcpscope/mcpscope/ui"
)

// tuiWatch is a TUI under test at a fixed size, keeping all it draws so
// that a wait sees what was drawn while the test was doing something else.
type tuiWatch struct {
	t    *testing.T
	tm   *teatest.TestModel
	out  io.Reader
	seen bytes.Buffer
}

// watchTUI runs m at w x h.
func watchTUI(t *testing.T, m tea.Model, w, h int) *tuiWatch {
	t.Helper()
	tw := &tuiWatch{t: t, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))}
	tw.out = io.TeeReader(tw.tm.Output(), &tw.seen)
	return tw
}

// waitFor waits until the screen, read without its styles, has shown s.
func (tw *tuiWatch) waitFor(s string) {
	tw.t.Helper()
	teatest.WaitFor(tw.t, tw.out, func([]byte) bool { return strings.Contains(ansi.Strip(tw.seen.String()), s) },
		teatest.WithDuration(15*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

// quit leaves the TUI as ctrl+c does, waits for it to end and returns all
// the screen drew, without its styles: what it drew after the last wait,
// too (the frame a wait matched can be one whose layout was about to
// change, a status line still taking rows from Detail).
func (tw *tuiWatch) quit() string {
	tw.t.Helper()
	tw.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tw.tm.WaitFinished(tw.t, teatest.WithFinalTimeout(15*time.Second))
	if _, err := io.ReadAll(tw.out); err != nil {
		tw.t.Fatalf("reading what the TUI drew last: %v", err)
	}
	return ansi.Strip(tw.seen.String())
}

// defaultStyles are the styles mcpscope draws with when no --theme is
// given.
func defaultStyles(t *testing.T) themes.Styles {
	t.Helper()
	styles, err := loadStyles("")
	if err != nil {
		t.Fatal(err)
	}
	return styles
}

// liveTUIModel is the live TUI as runTUI builds it, on a session to url
// with the connection flags flags sets (nil: the defaults). The TUI reads
// the session's records through rf's shown when rf is given, as they come
// when it is nil. The caller closes the session.
func liveTUIModel(t *testing.T, url string, rf *recordFlags, flags func(*connFlags)) (*ui.Model, *mcp.Session) {
	t.Helper()
	cf := &connFlags{}
	cf.register(&cobra.Command{})
	if flags != nil {
		flags(cf)
	}
	cfg, err := cf.config(url)
	if err != nil {
		t.Fatal(err)
	}
	sess := mcp.NewSession(cfg)
	records := sess.Records()
	if rf != nil {
		records = rf.shown(records, cfg)
	}
	return ui.New(liveOptions(sess, records, defaultStyles(t), cf, cfg, "", ui.NewAnswerer())), sess
}
