package main

import (
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/ui"
)

// The proxy's TUI at 80x24 says on the line under the panes why nothing
// can be sent and which key opens a session that can, both read whole. It
// was "o opens your own session to the same server · watch-only: this
// session belongs …", the reason cut in the middle of a word.
func TestProxyWatchOnlyLineReadsWholeAt80Columns(t *testing.T) {
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	gw, err := demo.Start("127.0.0.1:0", demo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { gw.Close() })
	pf := proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()}
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	run, err := startProxyRun(gw.MCPURL(), cf, &pf, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		run.sessions.unshow()
		run.stop()
	})
	styles, err := loadStyles("")
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(run.uiOptions(styles))
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 160, Height: 45}} {
		m.Update(size)
		var line string
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "watch-only") {
				line = strings.TrimSpace(l)
			}
		}
		for _, want := range []string{"o open your own session", "watch-only: the proxied client owns this session"} {
			if !strings.Contains(line, want) {
				t.Errorf("at %dx%d the line under the panes is %q, want %q read whole", size.Width, size.Height, line, want)
			}
		}
		if strings.Contains(line, "…") {
			t.Errorf("at %dx%d the line under the panes is cut: %q", size.Width, size.Height, line)
		}
	}
}
