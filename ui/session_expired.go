package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// sayExpired puts on the status line that the server no longer knows the
// session, and what to do, when batch says so and the session is still
// expired after it. A server restarted under an idle session is first
// heard of by the GET stream's reopening: its "trying again" left the
// line, and only "● session expired" on the bar was left, with Negotiation
// (the one place saying "press i") a tab not looked at on 80x24. A call's
// own failure, which says the same words, is not said over.
func (m *Model) sayExpired(batch []mcp.Record) tea.Cmd {
	if sessionState(m.com.log) != mcp.StateExpired {
		return nil
	}
	for i := len(batch) - 1; i >= 0; i-- {
		if !isState(&batch[i], mcp.StateExpired) {
			continue
		}
		hint := advice.For(advice.Fact{Cause: mcp.CauseSessionExpired}, advice.TUI)
		if sl := m.status.msg; sl != nil && strings.Contains(sl.text, hint) {
			return nil
		}
		return m.setStatus(levelWarn, sanitize.Line(batch[i].State.Detail)+" — "+hint)
	}
	return nil
}
