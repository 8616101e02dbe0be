package ui

import (
	"os"
	"path/filepath"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A directory chosen by Tab is gone into by the next Tab, as a shell does,
// rather than stepped past to the next candidate: "al" lists alpha/ and
// alpine/, Tab chooses alpha/, and Tab again completes alpha's only
// directory.
func TestLiveRootsAddTabGoesIntoAChosenDirectory(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{filepath.Join("alpha", "inner"), "alpine"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	tab := tea.KeyMsg{Type: tea.KeyTab}
	l.tm.Type(":roots add " + dir + "/al")
	l.mark()
	l.tm.Send(tab)
	l.waitFor("alpha/  alpine/")
	l.mark()
	l.tm.Send(tab)
	l.waitFor("roots add " + dir + "/alpha/")
	l.mark()
	l.tm.Send(tab)
	l.waitFor("roots add " + dir + "/alpha/inner/")
	m := l.quit()
	if got, want := m.cmdline.input.Value(), "roots add "+dir+"/alpha/inner/"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}
