package ui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// The tools/calls typed before the tools were listed (afterTools) wait for
// the listing, and are checked against its schemas before they go.

// releaseAfterTools sends the calls that waited for the tools to be
// listed, or puts back those the listed schema warns about.
func (m *Model) releaseAfterTools() tea.Cmd {
	m.syncTools()
	waiting := m.afterTools
	m.afterTools = nil
	cmds := make([]tea.Cmd, 0, len(waiting))
	for _, held := range waiting {
		if cmd, warned := m.heldCallWarned(held); warned {
			cmds = append(cmds, cmd)
			continue
		}
		cmds = append(cmds, m.submitTyped(held))
	}
	return tea.Batch(cmds...)
}

// heldCallWarned checks a call typed before its tool's schema was known
// against the schema now listed. One it warns about (a required argument
// missing) or cannot send is not sent unseen, as it was ("sent anyway"
// before the warnings were ever shown): it goes back to the command line
// with them, as after a first Enter, so a second Enter sends it. While the
// line holds something else, the status says so; ↑ brings it back.
func (m *Model) heldCallWarned(held SubmitMsg) (tea.Cmd, bool) {
	if held.Line == "" || held.Forced {
		return nil, false
	}
	warns, err := m.cmdline.check(held.Command)
	if len(warns) == 0 && err == nil {
		return nil, false
	}
	if !m.cmdline.Focused() && !m.ask.open() {
		focus := m.cmdline.Focus(held.Line)
		return tea.Batch(focus, m.cmdline.submit()), true
	}
	why := "cannot send: " + sanitize.Line(strings.ReplaceAll(fmt.Sprint(err), "\n", "; "))
	if err == nil {
		why = briefWarnings(warns)
	}
	return m.setStatus(levelWarn, m.labelOf(held.Command)+": not sent: "+why+" ("+m.keys.HistoryPrev.Help().Key+" on the command line brings it back)"), true
}
