package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// startLiveReady runs startLive at w x h and waits until the status bar
// says ready ("● initialized", "● listening", "● failed"), the set-up most
// live tests share before they type anything.
func startLiveReady(t *testing.T, cfg mcp.Config, w, h int, ready string) *live {
	t.Helper()
	l := startLive(t, cfg)
	l.tm.Send(tea.WindowSizeMsg{Width: w, Height: h})
	l.waitFor(ready)
	return l
}

// streamableOn is a streamable fake server that hands the requests of
// method to handle and answers everything else as the fake does by default.
func streamableOn(t *testing.T, method string, handle func(x *mcptest.Exchange)) *mcptest.StreamableServer {
	t.Helper()
	return mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind == mcptest.KindRequest && x.Method == method {
			handle(x)
			return
		}
		x.Default()
	}})
}

// streamableHoldingToolsList is a streamable fake whose tools/list answers
// only once the returned channel is closed, so a test can type while the
// listing is still on its way.
func streamableHoldingToolsList(t *testing.T) (*mcptest.StreamableServer, chan struct{}) {
	t.Helper()
	release := make(chan struct{})
	srv := streamableOn(t, "tools/list", func(x *mcptest.Exchange) {
		select {
		case <-release:
			x.Default()
		case <-x.Context().Done():
		}
	})
	return srv, release
}
