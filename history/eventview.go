package history

import "github.com/mcpscope/mcpscope/mcp"

// EventView is the events a Log held when the view was taken, for work that
// runs off the UI's update loop (the events filter). It may be read from any
// goroutine while the Log keeps growing: entries are never rewritten once
// kept, and the view reads them through the store's own view of them.
type EventView struct {
	get    func(int) *mcp.Record
	events []int32
	log    *Log // for the runs, read under its runMu
}

// EventView returns a view of the events so far. It costs one small copy
// per 1,024 records, not one per event.
func (l *Log) EventView() EventView {
	return EventView{get: l.st.view(), events: l.events[:len(l.events):len(l.events)], log: l}
}

// Len is the number of events in the view.
func (v EventView) Len() int { return len(v.events) }

// Event returns the i-th event record, or nil when out of range.
func (v EventView) Event(i int) *mcp.Record {
	if i < 0 || i >= len(v.events) {
		return nil
	}
	return v.get(int(v.events[i]))
}

// Run is what Log.EventRun says of the i-th event's row now: what its
// row shows of a run's newest text and id, which a run's first block does
// not hold. It is the zero EventRun when out of range.
func (v EventView) Run(i int) EventRun {
	if i < 0 || i >= len(v.events) || v.log == nil {
		return EventRun{}
	}
	return v.log.runOf(v.events[i], v.get)
}
