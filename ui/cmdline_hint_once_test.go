package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// The command line's hint is built once a key: the screen's layout asked
// the line's Height, which built it, and View built it again, each time
// worded from the tools' schemas, fitted and wrapped. A change the root
// makes between keys (the tools listed) is drawn all the same.
func TestCmdlineHintBuiltOncePerKey(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), nil)
	press(m, ":")
	if !m.cmdline.Focused() {
		t.Fatal("':' did not open the command line")
	}
	for _, r := range "tools/call ec" {
		before := m.cmdline.hint.builds
		press(m, string(r))
		m.View()
		if got := m.cmdline.hint.builds - before; got != 1 {
			t.Errorf("typing %q built the hint %d times, want once", r, got)
		}
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "no tools known yet") {
		t.Fatalf("before the tools are known the hint does not say so:\n%s", v)
	}
	m.cmdline.SetTools([]mcp.Tool{{Name: "echo"}, {Name: "echo2"}})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "2 tools: echo  echo2") {
		t.Errorf("the tools set, the hint does not name them:\n%s", v)
	}
	before := m.cmdline.hint.builds
	press(m, "tab")
	m.View()
	if got := m.cmdline.hint.builds - before; got != 1 {
		t.Errorf("Tab built the hint %d times, want once", got)
	}
}

// Records that change nothing the hint says (a busy server's notifications)
// do not build it again: every batch told the line its state afresh, and
// each telling threw the built hint away (review23).
func TestCmdlineHintNotRebuiltForRecordsThatChangeNothing(t *testing.T) {
	m := newTestModel(t, 80, 24, newFakeBackend(), fixtureRecords())
	press(m, ":")
	typeKeys(m, "tools/call ")
	m.View()
	before := m.cmdline.hint.builds
	for range 3 {
		m.afterAppend()
		m.View()
	}
	if got := m.cmdline.hint.builds - before; got != 0 {
		t.Errorf("three batches of records that changed nothing built the hint %d times, want none", got)
	}
}
