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

// RunNewest is what Log.EventNewest and Log.EventNewestID say of the i-th
// event's row now (nil, nil for an event of its own): the newest text and
// the newest id its row shows, which a run's first block does not hold.
func (v EventView) RunNewest(i int) (newest, newestID *mcp.SSEEvent) {
	if i < 0 || i >= len(v.events) || v.log == nil {
		return nil, nil
	}
	v.log.runMu.RLock()
	defer v.log.runMu.RUnlock()
	if ru := v.log.runs[v.events[i]]; ru != nil {
		return ru.newest, ru.newestID
	}
	return nil, nil
}
