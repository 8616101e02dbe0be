package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A note line ("· …") is wrapped to the terminal's width as exec's other
// lines are, its further lines indented under its words: at 60 columns a
// log message of 200 printed whole, for the terminal to break mid-word at
// the left edge, where it read as a line of its own.
func TestExecNoteLinesWrapToTheWidth(t *testing.T) {
	words := strings.TrimSpace(strings.Repeat("the server logs a long line ", 8))
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Log("info", words)
		x.Result(mcptest.TextResult("done", false))
	}})
	out := execAtWidth(t, srv.URL+"/mcp", 60, "tools/call anything")
	var note []string
	for _, line := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(line); w > 60 {
			t.Errorf("a line of %d columns at 60: %q", w, line)
		}
		if strings.HasPrefix(line, "· ") || len(note) > 0 && strings.HasPrefix(line, "  ") {
			note = append(note, strings.TrimSpace(strings.TrimPrefix(line, "·")))
		}
	}
	if len(note) < 2 || !strings.Contains(strings.Join(note, " "), words) {
		t.Errorf("the note is not wrapped whole under its bullet:\n%s", out)
	}
}
