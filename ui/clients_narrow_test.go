package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// At 80 columns a third client was cut from the clients bar whole (the
// line ended "streamable …"): when the names do not fit, the shown session
// keeps its name and the others their numbers and the start of theirs, so
// every one is there to step to, and which is which shows. Three of them
// left no room for "? help", which the bar ends with in the keys row's
// place: the others' names are cut shorter for it. At 160 columns all
// three keep their names.
func TestClientsBarKeepsEveryClientAt80(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	for id, c := range [][2]string{{"claude-code 1.0.3", "sse"}, {"mcp-inspector 0.16.2", "streamable"}, {"cursor 1.2.4", "stateless"}} {
		m.Update(clientMsg{ID: id + 1, Name: c[0], Transport: c[1], Records: make(chan []mcp.Record)})
	}
	bar := func() string { return row(ansi.Strip(m.View()), "clients:") }
	if got := bar(); !strings.Contains(got, "1 claude-code 1.0.3 · sse   2 mcp-inspector 0.16.2 · streamable   3 cursor 1.2.4 · stateless") {
		t.Errorf("at 160 columns the clients bar = %q, want all three named", got)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for _, tc := range []struct {
		steps int
		want  string
	}{
		{0, "clients: 1 claude-code 1.0.3 · sse   2 mcp-inspect…   3 cursor 1.2… · ? help"},
		{2, "clients: 1 claude-co…   2 mcp-inspec…   3 cursor 1.2.4 · stateless  · ? help"},
	} {
		for range tc.steps {
			press(m, "]")
		}
		if got := bar(); !strings.Contains(got, tc.want) || strings.Contains(got, " of 3") {
			t.Errorf("at 80 columns the clients bar = %q, want %q", got, tc.want)
		}
	}
	// The fourth client's announcement keeps the key that shows it, and is
	// read whole on the row of the watch-only reason while it lasts: the
	// bar cut it to "4 windsurf-mcp-client …".
	m.Update(clientMsg{ID: 4, Name: "windsurf-mcp-client 1.8.0", Transport: "streamable", Records: make(chan []mcp.Record)})
	if got := row(ansi.Strip(m.View()), "] shows a new client:"); !strings.Contains(got, "] shows a new client: 4 windsurf-mcp-client 1.8.0 · streamable") {
		t.Errorf("at 80 columns the announcement = %q, want the key that shows the new client and its whole name", got)
	}
}

// Alike clients (two copies of one agent, named the same) at 80 columns
// were "1 mcpscope dev · sse (ended)   2 (ended)   3": which spoke which
// transport took stepping to each. Each other tab names what tells it from
// the shown one, its transport, cut as short as the "? help" after them
// needs; one alike in that too has its number. An ended one is marked
// "○", not " (ended)", which cut "streamable" to "stream…".
func TestClientsBarTellsAlikeClientsApartAt80(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for id, tr := range []string{"sse", "streamable", "stateless"} {
		m.Update(clientMsg{ID: id + 1, Name: "mcpscope dev", Transport: "" + tr, Records: make(chan []mcp.Record)})
	}
	m.Update(clientEndedMsg{2})
	bar := func() string { return row(ansi.Strip(m.View()), "clients:") }
	if got, want := bar(), "clients: 1 mcpscope dev · sse   2 streamable ○   3 stateless · ? help"; !strings.Contains(got, want) {
		t.Errorf("the clients bar = %q, want %q", got, want)
	}
	m.Update(clientMsg{ID: 4, Name: "mcpscope dev", Transport: "sse", Records: make(chan []mcp.Record)})
	if got, want := bar(), "clients: 1 mcpscope dev · sse   2 streamable ○   3 stateless   4 · ? help"; !strings.Contains(got, want) {
		t.Errorf("with a fourth client alike in transport too, the clients bar = %q, want %q", got, want)
	}
}

// A shown client whose own name leaves no room for "? help" at 80
// columns: the bar shortened for the help cut that name and dropped the
// others ("… 1 of 3"), and still had no room for the help. The bar keeps
// every client and the whole name, and goes without the help.
func TestClientsBarGivesUpTheHelpBeforeTheClients(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for id, name := range []string{"a-very-long-client-name-of-an-agent 12.3.4", "agent-2 1.0", "agent-3 1.0"} {
		m.Update(clientMsg{ID: id + 1, Name: name, Transport: "streamable", Records: make(chan []mcp.Record)})
	}
	got := row(ansi.Strip(m.View()), "clients:")
	if want := "clients: 1 a-very-long-client-name-of-an-agent 12.3.4 · streamable   2   3"; !strings.Contains(got, want) || strings.Contains(got, " of 3") {
		t.Errorf("the clients bar = %q, want %q", got, want)
	}
}
