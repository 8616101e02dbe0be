package ui

import (
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// toolNamesNote says what the tool list's names leave tools/call unable to
// reach (mcp.NameProblems): the first problem, and how many other names
// have one; "" when every name is fine. exec prints these with the list;
// in the TUI "tools/list: ok" said nothing of them until a name was typed.
func toolNamesNote(tools []mcp.Tool) string {
	problems := mcp.NameProblems(tools)
	seen := map[string]bool{}
	first := ""
	for i, p := range problems {
		if p == "" || seen[p] {
			continue
		}
		if tools[i].Name == "" {
			// NameProblem speaks of the tool its hint describes ("its
			// name"); a line about the whole list says which.
			p = "a tool's name is empty: tools/call cannot name it"
		}
		if seen[p] = true; first == "" {
			first = p
		}
	}
	if first == "" {
		return ""
	}
	note := "⚠ " + sanitize.Line(first)
	if more := len(seen) - 1; more > 0 {
		// Short: "tools/list: ok · " and the problem before it fill most
		// of an 80-column line.
		note += " (+" + strconv.Itoa(more) + " more)"
	}
	return note
}

// warnToolNames puts the tool list's name problems on the status line when
// a new list has them; nil when it has none.
func (m *Model) warnToolNames(changed bool) tea.Cmd {
	if !changed {
		return nil
	}
	if note := toolNamesNote(m.tools); note != "" {
		// Tools change only with a tools/list answered: the same words
		// as the send's own status, which a frame may never have shown.
		return m.setStatus(levelWarn, "tools/list: ok · "+note)
	}
	return nil
}

// answerIndexed reports whether the log holds the answer resp: the
// session's records and a send's result reach the model apart.
func (m *Model) answerIndexed(resp *mcp.Response) bool {
	log := m.com.log
	i := indexOfSeq(log, resp.Seq)
	r := log.At(i)
	return r != nil && r.Seq == resp.Seq
}
