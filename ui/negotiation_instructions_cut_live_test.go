package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Instructions too long for Negotiation at 80 columns end with "…" after
// the last whole word of the last row kept, and the row under it says
// where the rest is: a row of its own starting "…" under one ending
// "Mcp-Param" read as that word cut.
func TestLiveNegotiationInstructionsCutAtTheirLastRow(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLiveReady(t, mcp.Config{URL: gw.MCPURL()}, 80, 24, "● initialized")
	var rows []string
	for _, line := range l.quit().nego.lines() {
		rows = append(rows, strings.TrimRight(ansi.Strip(line), " "))
	}
	view := strings.Join(rows, "\n")
	at := -1
	for i, r := range rows {
		if strings.HasPrefix(r, "Instructions ") {
			at = i
		}
	}
	if at < 0 || at+4 >= len(rows) {
		t.Fatalf("no Instructions with four rows:\n%s", view)
	}
	if last := rows[at+2]; !strings.HasSuffix(last, " …") {
		t.Errorf("the last row of instructions kept = %q, want it to end in \" …\" after a whole word:\n%s", last, view)
	}
	if note := strings.TrimSpace(rows[at+3]); note != "(all of them are in the answer that carried them, in Pairs)" {
		t.Errorf("the row under the instructions = %q, want where the rest is:\n%s", note, view)
	}
}
