package main

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// The proxy's TUI names the help key too: its clients bar takes the place
// of the keys row that ends with "? help", so the bar ends with it.
func TestProxyTUINamesTheHelpKey(t *testing.T) {
	m, _ := proxyTUI(t, demotest.Start(t, demo.Options{}).URL+demo.StreamablePath)
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 160, Height: 45}} {
		m.Update(size)
		bar := screenLine(m, "clients:")
		if !strings.HasPrefix(bar, "[/] clients: none yet") || !strings.HasSuffix(bar, "? help") {
			t.Errorf("at %dx%d the clients bar is %q, want the clients and then ? help", size.Width, size.Height, bar)
		}
	}
}
