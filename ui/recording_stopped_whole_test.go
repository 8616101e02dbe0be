package ui

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// stopped is what a full disk says of a recording in the default state
// directory: the path alone is most of a 120-column bar.
const stopped = "recording: cannot write to /home/someone/.local/state/mcpscope/sessions/2026-11-27T16-19-01_127.0.0.1-9401.jsonl: " +
	"no space left on device; the records before are kept, the rest of the session is not recorded: free space there, or record elsewhere next time"

// readsWhole reports whether the view holds want, its rows joined at their
// words (a message wrapped under the command line's keys row).
func readsWhole(view, want string) bool {
	var words []string
	for _, r := range strings.Split(ansi.Strip(view), "\n") {
		words = append(words, strings.Fields(r)...)
	}
	return strings.Contains(strings.Join(words, " "), want)
}

// A recording that stops mid-session is said whole, wrapped under the
// command line's keys row: on one bar it was cut inside the path, so the
// cause (a full disk), what was kept and what to do were never read.
func TestRecordingStoppedReadsWhole(t *testing.T) {
	failed := make(chan error, 1)
	m := New(Options{Styles: testStyles(), URL: fixtureBase, Transport: "sse", RecordingPath: "/tmp/mcpscope/session.jsonl",
		RecordingFailed: failed, Now: func() time.Time { return fixedNow }})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 35})
	failed <- errors.New(stopped)
	m.Update(waitForRecordingError(failed)())
	if view := m.View(); !readsWhole(view, "recording stopped, the file is incomplete: "+stopped) {
		t.Errorf("the recording's stop is not read whole:\n%s", ansi.Strip(view))
	}
}

// A proxied client's recording that stops is said whole too.
func TestProxyClientRecordingStoppedReadsWhole(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 35})
	m.Update(clientMsg{ID: 1, Name: "alpha", Transport: "sse", Records: make(chan []mcp.Record), RecordingPath: "/rec/alpha.jsonl"})
	m.Update(clientMsg{ID: 1, RecordingFailed: errors.New(stopped)})
	if view := m.View(); !readsWhole(view, "recording stopped, the file is incomplete: "+stopped) {
		t.Errorf("the client's recording stop is not read whole:\n%s", ansi.Strip(view))
	}
}
