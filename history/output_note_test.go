package history

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A live UI reads each answer of its own tools/calls against the tool's
// outputSchema off its update loop (SenderChecksOutput): the Log files the
// note it hands in, whether the answer was filed before or after, and does
// not read the answer a second time itself. A late answer, which nobody
// waits for, the Log still checks.
func TestOutputNoteBySender(t *testing.T) {
	const breaks = `{"content":[],"structuredContent":{"count":"three"}}`
	s := newScript()
	list := s.request("1", "tools/list", `{}`)
	s.result("1", list, `{"tools":[{"name":"echo","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"count":{"type":"integer"}}}}]}`)
	first := s.request("2", "tools/call", `{"name":"echo"}`)
	s.result("2", first, breaks)
	second := s.request("3", "tools/call", `{"name":"echo"}`)
	s.result("3", second, breaks)
	l := NewLog()
	l.SenderChecksOutput()
	output := func(reqSeq int64) string { return l.PairOf(reqSeq).Output }

	l.Append(s.recs[:4]...)
	if got := output(first); got != "" {
		t.Errorf("the Log read the answer its sender reads: Output = %q before the sender's note", got)
	}
	l.NoteOutput(first, "the sender's note")
	if got := output(first); got != "the sender's note" {
		t.Errorf("after the sender's note: Output = %q", got)
	}

	l.NoteOutput(second, "noted before the answer")
	l.Append(s.recs[4:6]...)
	if got := output(second); got != "noted before the answer" {
		t.Errorf("a note handed in before the answer: Output = %q", got)
	}

	third := s.request("4", "tools/call", `{"name":"echo"}`)
	s.recv(mcp.ClassLate, "4", third, `{"jsonrpc":"2.0","id":4,"result":`+breaks+`}`)
	l.Append(s.recs[6:]...)
	if got := l.PairOf(third); got.State != StateLate || got.Output == "" {
		t.Errorf("a late answer nobody waits for: %v %q, want late with the Log's own note", got.State, got.Output)
	}
}
