package history

import "github.com/mcpscope/mcpscope/mcp"

// EventView is the events a Log held when the view was taken, for work that
// runs off the UI's update loop (the events filter). It may be read from any
// goroutine while the Log keeps growing: records never move or change once
// appended, the index entries it covers are never rewritten, and the view
// holds its own copy of the block list.
type EventView struct {
	blocks [][]mcp.Record
	events []int32
}

// EventView returns a view of the events so far. It costs one small copy
// per 1,024 records, not one per event.
func (l *Log) EventView() EventView {
	return EventView{blocks: append([][]mcp.Record(nil), l.recs.blocks...), events: l.events[:len(l.events):len(l.events)]}
}

// Len is the number of events in the view.
func (v EventView) Len() int { return len(v.events) }

// Event returns the i-th event record, or nil when out of range.
func (v EventView) Event(i int) *mcp.Record {
	if i < 0 || i >= len(v.events) {
		return nil
	}
	j := int(v.events[i])
	return &v.blocks[j>>chunkBits][j&(1<<chunkBits-1)]
}
