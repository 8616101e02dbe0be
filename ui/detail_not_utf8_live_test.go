package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
)

// An answer holding bytes that are not UTF-8 is drawn with a � for each,
// which read as the server's own character: Detail says at its top that
// the bytes were not UTF-8, and a clean answer says nothing of it.
func TestLiveDetailSaysAnAnswerIsNotUTF8(t *testing.T) {
	const warning = "⚠ the answer holds bytes that are not UTF-8, which JSON must be: they are drawn as �, and the recording keeps them exactly"
	m, view := echoCallDetail(t, `{"content":[{"type":"text","text":"caf`+"\xe9 \x9b"+`"}]}`)
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
