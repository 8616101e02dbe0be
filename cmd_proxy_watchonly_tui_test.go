package main

import (
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/ui"
)

// The proxy's TUI at 80x24 says on the line under the panes why nothing
// can be sent and which key opens a session that can, both read whole. It
// was "o opens your own session to the same server · watch-only: this
// session belongs …", the reason cut in the middle of a word. No client
// has connected here: "the proxied client owns this session" named a
// session there was none of.
func TestProxyWatchOnlyLineReadsWholeAt80Columns(t *testing.T) {
	m, _ := proxyTUI(t, demotest.Start(t, demo.Options{}).URL+demo.StreamablePath)
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 160, Height: 45}} {
		m.Update(size)
		line := screenLine(m, "watch-only")
		for _, want := range []string{"o open your own session", "watch-only: proxied clients own their sessions"} {
			if !strings.Contains(line, want) {
				t.Errorf("at %dx%d the line under the panes is %q, want %q read whole", size.Width, size.Height, line, want)
			}
		}
		if strings.Contains(line, "…") {
			t.Errorf("at %dx%d the line under the panes is cut: %q", size.Width, size.Height, line)
		}
	}
}

// The user's own session from the proxy's TUI (o) answers what the server
// asks, at the prompt, as mcpscope URL does: it was opened without the
// TUI's answerer, declared no elicitation, and a server refused or hid the
// tools that ask (server-everything's trigger-elicitation-request).
func TestProxyOwnSessionAnswersTheServer(t *testing.T) {
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	pf := proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()}
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	run, err := startProxy(demotest.Start(t, demo.Options{}).URL+demo.StreamablePath, cf, &pf, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tw := watchTUI(t, ui.New(run.uiOptions(defaultStyles(t))), 160, 45)
	t.Cleanup(func() {
		run.finishTUI()
	})
	tw.tm.Type("o")
	tw.waitFor("● initialized")
	tw.tm.Type("l")
	tw.waitFor("tools/list: ok")
	tw.tm.Type("c")
	tw.tm.Type("confirm action=deploy")
	tw.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	tw.waitFor("asks: elicitation/create")
	tw.tm.Type("name=Ann confirm=true")
	tw.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	tw.waitFor("tools/call confirm: ok")
	tw.quit()
}
