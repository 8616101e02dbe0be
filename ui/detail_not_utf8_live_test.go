package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer holding bytes that are not UTF-8 is drawn with a � for each,
// which read as the server's own character: Detail says at its top that
// the bytes were not UTF-8, and a clean answer says nothing of it.
func TestLiveDetailSaysAnAnswerIsNotUTF8(t *testing.T) {
	const warning = "⚠ the answer holds bytes that are not UTF-8, which JSON must be: they are drawn as �, and the recording keeps them exactly"
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":"caf` + "\xe9 \x9b" + `"}]}}`)
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 120, 40, "● initialized")
	l.callOK("echo text=hi")
	m := l.quit()
	call := lastPair(m, func(p *history.Pair) bool { return p.Tool == "echo" && p.Response != nil })
	if call == nil {
		t.Fatalf("no answered tools/call echo row")
	}
	view := ansi.Strip(openPair(t, m, call.Request.Seq))
	words := strings.Join(strings.Fields(view), " ")
	if !strings.Contains(view, "�") || !strings.Contains(words, warning) {
		t.Errorf("Detail draws the answer without %q:\n%s", warning, view)
	}
	if top := strings.Index(words, warning); top > strings.Index(words, "── Request") {
		t.Errorf("the warning is not at the top of Detail:\n%s", view)
	}
	list := lastPair(m, func(p *history.Pair) bool { return p.Method == "tools/list" && p.Response != nil })
	if list == nil {
		t.Fatalf("no answered tools/list row")
	}
	if view := ansi.Strip(openPair(t, m, list.Request.Seq)); strings.Contains(view, "not UTF-8") {
		t.Errorf("Detail of a clean answer warns of bytes that are not UTF-8:\n%s", view)
	}
}
