package ui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
)

// announceFolded announces fold f, the i-th session and not the shown
// one, again when recs fold one more session into it (had is how many
// records it held before them): a client that failed to connect while
// another was watched was said the first time only, the next ones folded
// in with nothing on the screen, as if the client had not come back.
func (m *Model) announceFolded(f *clientFeed, i, had int, recs []mcp.Record) tea.Cmd {
	if !f.Fold || had == 0 || !foldsOneMore(recs) {
		return nil
	}
	return m.announce(i)
}

// foldsOneMore reports whether recs begin a session folded into a fold:
// each begins connecting.
func foldsOneMore(recs []mcp.Record) bool {
	for _, r := range recs {
		if r.Kind == mcp.KindState && r.State != nil && r.State.State == mcp.StateConnecting {
			return true
		}
	}
	return false
}
