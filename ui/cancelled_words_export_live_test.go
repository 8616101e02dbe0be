package ui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request cancelled with x read in the Markdown export as
// "> **cancelled**: context canceled", Go's words, where Detail says in
// words that it was cancelled here: the export says what Detail says.
func TestLiveCancelledRequestExportSaysSoInWords(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.listTools()
	l.call("slow seconds=4")
	l.waitFor("tools/call slow ·")
	l.waitRowPending("tools/call slow")
	l.tm.Type("x")
	l.waitRowState("tools/call slow", "✗ cancelled")
	m := l.quit()
	var b bytes.Buffer
	if err := history.ExportMarkdown(&b, history.Header{URL: gw.MCPURL(), Transport: "streamable"}, m.com.log); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	if strings.Contains(md, "> **cancelled**: context canceled") {
		t.Errorf("the export says Go's words for the cancelled call:\n%s", md)
	}
	// The demo's slow tool answers when it is cancelled: an answer that
	// came before the TUI quit is said to have come after all, not
	// "before its answer came" above it.
	// x sent notifications/cancelled, which the export says: "mcpscope
	// stopped waiting for it" read as the server never told.
	want := "> **cancelled**: cancelled here (notifications/cancelled sent): no answer came after it"
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); pairTitle(p) == "tools/call slow" && p.Response != nil {
			want = "> **cancelled**: cancelled here (notifications/cancelled sent): the server answered after all"
		}
	}
	if !strings.Contains(md, want) {
		t.Errorf("the export does not say %q:\n%s", want, md)
	}
}
