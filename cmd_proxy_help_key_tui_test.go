package main

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/ui"
)

// The proxy's TUI names the help key too: its clients bar takes the place
// of the keys row that ends with "? help", so the bar ends with it.
func TestProxyTUINamesTheHelpKey(t *testing.T) {
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	run := tuiProxy(t, startGateway(t, demo.Options{})+demo.StreamablePath, proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	styles, err := loadStyles("")
	if err != nil {
		t.Fatal(err)
	}
	m := ui.New(run.uiOptions(styles))
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 160, Height: 45}} {
		m.Update(size)
		var bar string
		for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "clients:") {
				bar = strings.TrimSpace(l)
			}
		}
		if !strings.HasPrefix(bar, "[ ] clients: none yet") || !strings.HasSuffix(bar, "? help") {
			t.Errorf("at %dx%d the clients bar is %q, want the clients and then ? help", size.Width, size.Height, bar)
		}
	}
}
