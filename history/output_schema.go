package history

import (
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// outputCheck keeps on a tools/call's row what its result says against the
// outputSchema of its tool, as the newest tools/list before the answer
// gives it (command.OutputMismatch): read once as the answer is filed, the
// same for a live session, a proxied one and a replay of either, rather
// than on every frame that draws the row. Where the sender reads it off
// the update loop (NoteOutput), the Log takes its note instead of reading
// the answer again.
func (l *Log) outputCheck(p *row, m *mcp.RPCMessage) {
	if p.method != "tools/call" || m.RPCError {
		return
	}
	if note, ok := l.outNotes.pending[m.ReqSeq]; ok {
		delete(l.outNotes.pending, m.ReqSeq)
		p.extra().output = note
		return
	}
	// A late call's answer, or one ended here (endedHere), nobody waits
	// for any more: its sender reads no note, so the Log reads it.
	waited := p.state() != StateLate && !p.state().endedHere()
	if l.outNotes.bySender && waited {
		// Its sender reads the answer off the update loop and hands the
		// note in (NoteOutput), before or after this.
		return
	}
	if !HasOutputSchema(l.Tools(), p.wireOf().tool) {
		// Most tools have none: their answers, which may be megabytes,
		// are not copied and scanned for a result to check on the
		// update loop.
		return
	}
	res, ok := AnswerResult(m.Raw)
	if !ok {
		return
	}
	if note := command.OutputMismatch(l.Tools(), p.wireOf().tool, res); note != "" {
		p.extra().output = note
	}
}

// outputNotes are the notes of tools/call answers read by their sender.
type outputNotes struct {
	// bySender says the answers of this log's own tools/calls are checked
	// by their sender (NoteOutput): a live session's UI reads them off
	// its update loop, where a replay or a proxied client has no sender.
	bySender bool
	// pending are notes handed in before their answer was filed, by the
	// Seq of the request, at most maxPendingNotes.
	pending map[int64]string
}

// maxPendingNotes bounds the notes kept for answers not filed yet: each is
// filed moments after its note, and one that never is costs no more.
const maxPendingNotes = 64

// SenderChecksOutput says that from now on whoever sends this log's
// tools/calls reads each answer against its tool's outputSchema off the
// update loop and hands the Log its note (NoteOutput): the Log no longer
// reads an answer that is still waited for a second time. A late or
// cancelled call's answer, which nobody reads, the Log still checks.
func (l *Log) SenderChecksOutput() { l.outNotes.bySender = true }

// NoteOutput hands the Log what the answer to the tools/call sent as the
// record reqSeq says against its tool's outputSchema ("" when it keeps to
// it), as its sender read it (SenderChecksOutput). The answer may be filed
// before or after.
func (l *Log) NoteOutput(reqSeq int64, note string) {
	i, p := l.row(reqSeq)
	if p != nil && p.resp != 0 {
		if note != "" {
			p.extra().output = note
			l.views.refresh(l, i)
		}
		return
	}
	if note == "" || len(l.outNotes.pending) >= maxPendingNotes {
		return
	}
	if l.outNotes.pending == nil {
		l.outNotes.pending = map[int64]string{}
	}
	l.outNotes.pending[reqSeq] = note
}

// HasOutputSchema reports whether tools give the tool named an outputSchema
// to check its results against (command.OutputMismatch): a reader of a
// tools/call answer looks into it for the check only then.
func HasOutputSchema(tools []mcp.Tool, name string) bool {
	t := mcp.FindTool(tools, name)
	return t != nil && len(t.OutputSchema) > 0
}
