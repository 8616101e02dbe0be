package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/ui"
)

// proxyTUI is the TUI `mcpscope proxy` opens in front of upstream: a proxy
// from tuiProxy, listening on a free port and recording to a directory of
// its own, shown with the default styles and a config directory of its own.
func proxyTUI(t *testing.T, upstream string) (*ui.Model, *proxyRun) {
	t.Helper()
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	run := tuiProxy(t, upstream, proxyFlags{listen: "127.0.0.1:0", recordDir: t.TempDir()})
	styles, err := loadStyles("")
	if err != nil {
		t.Fatal(err)
	}
	return ui.New(run.uiOptions(styles)), run
}

// screenLine is the last line on m's screen that holds s, as the user reads
// it (no styling, no margins), or "" where no line does.
func screenLine(m *ui.Model, s string) string {
	var line string
	for _, l := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.Contains(l, s) {
			line = strings.TrimSpace(l)
		}
	}
	return line
}
