package ui

import (
	"strconv"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// runLines are what Detail says of a run of blocks that row stands for,
// after the head that is its first's: how many, over what time, their
// bytes, and its first and newest text; no list of each, which a flood
// would make millions of lines.
func (in *detailInput) runLines(out []string) []string {
	ru, r := in.run, in.event
	if ru.N < 2 {
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
	out = in.wrapped(out, "a run of "+strconv.Itoa(ru.N)+" "+what+" · "+history.FormatSize(ru.Bytes)+" · "+
		sinceConnect(r.Time.Sub(in.t0))+" to "+sinceConnect(ru.Last.Sub(in.t0)), in.st.Row)
	newest := ev
	if ru.Newest != nil {
		newest = ru.Newest
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
func runID(ev *mcp.SSEEvent, ru history.EventRun) *mcp.SSEEvent {
	switch {
	case ru.NewestID != nil:
		return ru.NewestID
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
