package ui

import (
	"strconv"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// runFacts is what a row of the events pane stands for besides its event:
// how many blocks (1 for an event of its own), when the newest came, the
// newest when its text is not the row's own (nil else), the newest with an
// id likewise (its id is the Last-Event-ID a reconnect sends), and the
// bytes of them all.
type runFacts struct {
	n                int
	last             time.Time
	newest, newestID *mcp.SSEEvent
	bytes            int64
}

// rowRun is what the i-th row of the Log's events pane stands for.
func rowRun(l *history.Log, i int) runFacts {
	n, last := l.EventRepeats(i)
	return runFacts{n: n, last: last, newest: l.EventNewest(i), newestID: l.EventNewestID(i), bytes: l.EventBytes(i)}
}

// runLines are what Detail says of a run of blocks that row stands for,
// after the head that is its first's: how many, over what time, their
// bytes, and its first and newest text; no list of each, which a flood
// would make millions of lines.
func (in *detailInput) runLines(out []string) []string {
	ru, r := in.run, in.event
	if ru.n < 2 {
		return out
	}
	ev := r.Event
	id := runID(ev, ru)
	what := "keep-alives"
	if id != nil {
		// Blocks of an id alone, maybe between keep-alives: a run can
		// hold both, and keeps the newest id.
		what = "keep-alives or blocks of an id alone"
	}
	out = in.wrapped(out, "a run of "+strconv.Itoa(ru.n)+" "+what+" · "+history.FormatSize(ru.bytes)+" · "+
		sinceConnect(r.Time.Sub(in.t0))+" to "+sinceConnect(ru.last.Sub(in.t0)), in.st.Row)
	newest := ev
	if ru.newest != nil {
		newest = ru.newest
	}
	first, last := runText(ev), runText(newest)
	text := "first " + first + " · newest " + last
	if first == last {
		text = "each " + first
	}
	switch {
	case id == newest:
		text += " (the Last-Event-ID a reconnect sends)"
	case id != nil:
		// Keep-alives came after the newest id, which is still the one
		// in effect.
		text += " · newest id " + wireLine(id.ID, 64) + " (the Last-Event-ID a reconnect sends)"
	}
	return in.wrapped(out, text, in.st.Dim)
}

// runID is the block whose id is in effect after the run ev begins: its
// newest with an id, or ev itself when it has one; nil when none has.
func runID(ev *mcp.SSEEvent, ru runFacts) *mcp.SSEEvent {
	switch {
	case ru.newestID != nil:
		return ru.newestID
	case ev.HasID:
		return ev
	}
	return nil
}

// runText is how a block of a run reads in Detail's run lines: its id, or
// its first comment or retry field, or (for a line EventSource ignores)
// its bytes.
func runText(ev *mcp.SSEEvent) string {
	if ev.Dispatched() {
		return "id " + wireLine(ev.ID, 64)
	}
	if data := keepAliveData(ev); data != "" {
		return data
	}
	return wireLine(string(ev.Raw), 64)
}
