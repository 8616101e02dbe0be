package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A command line exec cannot read prints the usage block wrapped to the
// width of the output (80 columns in a pipe, or COLUMNS): its rows ran to
// 140 columns. Every row's words are still there, descriptions included.
func TestExecUsageBlockFitsTheWidth(t *testing.T) {
	stateDir(t)
	gw := demotest.Start(t, demo.Options{})
	for _, width := range []string{"", "60"} {
		t.Setenv("COLUMNS", width)
		want := 80
		if width != "" {
			want = 60
		}
		_, errOut, code := run(t, "exec", gw.MCPURL(), "")
		if code != exitUsage {
			t.Fatalf("COLUMNS=%q: exit %d, stderr %q, want %d", width, code, errOut, exitUsage)
		}
		at := strings.Index(errOut, "usage:\n")
		if at < 0 {
			t.Fatalf("COLUMNS=%q: no usage block in %q", width, errOut)
		}
		for _, l := range strings.Split(errOut[at:], "\n") {
			if w := ansi.StringWidth(l); w > want {
				t.Errorf("COLUMNS=%q: a usage row is %d columns wide, past %d: %q", width, w, want, l)
			}
		}
		words := strings.Join(strings.Fields(errOut[at:]), " ")
		for _, w := range []string{"tasks/get taskId=ID (tasks/cancel alike; 2025-11-25: tasks/result, tasks/list [cursor=X]; 2026 extension: tasks/update)",
			"logging/setLevel LEVEL (alias: loglevel; debug info notice warning error critical alert emergency)",
			"METHOD [key=value ... | {json params}]"} {
			if !strings.Contains(words, w) {
				t.Errorf("COLUMNS=%q: the usage block lost %q:\n%s", width, w, errOut[at:])
			}
		}
	}
}
