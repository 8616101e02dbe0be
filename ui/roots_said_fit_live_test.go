package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// roots add says which roots are offered and how the server was told,
// read whole at 80x24 however long the path typed: it was "roots added
// /tmp/: 1 root offered; the server is told with notifications/roots/…".
func TestLiveRootsAddedReadsWholeAt80Columns(t *testing.T) {
	l := liveDemoDetectedAt80(t)
	dir := t.TempDir()
	l.mark()
	l.command("roots add " + dir)
	l.waitFor("roots added")
	view := ansi.Strip(l.quit().View())
	if row(view, "notifications/roots/list_changed") == "" {
		t.Errorf("the status does not name notifications/roots/list_changed whole:\n%s", view)
	}
	lines := strings.Split(view, "\n")
	for _, line := range lines[len(lines)-4:] {
		if strings.Contains(line, "offered") && strings.Contains(line, "…") {
			t.Errorf("the roots status is cut: %q\n%s", line, view)
		}
	}
}
