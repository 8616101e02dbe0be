package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A status message too long for the bar (a server's refusal, what to do
// next) is drawn whole on the command line's blank row above it at 80
// columns, and the bar keeps its fields (the protocol version it dropped for it);
// a message that fits stays in the bar. The frame keeps its size.
func TestStatusMessageUsesTheBlankRowAboveTheBar(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	long := "resources/read: JSON-RPC error -32602: Resource not found — check the URI"
	m.setStatus(levelError, long)
	view := ansi.Strip(m.View())
	checkFrame(t, view, 80, 24)
	lines := strings.Split(view, "\n")
	if got := strings.TrimRight(lines[len(lines)-2], " "); got != long {
		t.Errorf("the row above the bar is %q, want the whole message %q\n%s", got, long, view)
	}
	if bar := lines[len(lines)-1]; strings.Contains(bar, "JSON-RPC") || !strings.Contains(bar, "6 req") {
		t.Errorf("the bar %q repeats the message or lost its counts", bar)
	}

	m.setStatus(levelInfo, "tools/list: ok")
	lines = strings.Split(ansi.Strip(m.View()), "\n")
	if bar := lines[len(lines)-1]; !strings.Contains(bar, "tools/list: ok") || strings.TrimSpace(lines[len(lines)-2]) != "" {
		t.Errorf("a short message left the bar: row %q, bar %q", lines[len(lines)-2], bar)
	}

	// While typing, the row is the command line's: the bar cuts the message.
	press(m, ":")
	m.setStatus(levelError, long)
	lines = strings.Split(ansi.Strip(m.View()), "\n")
	if strings.Contains(lines[len(lines)-2], "JSON-RPC") {
		t.Errorf("the message took the command line's hint row while typing: %q", lines[len(lines)-2])
	}
}
