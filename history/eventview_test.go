package history

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A view is read on another goroutine while the Log keeps growing, as the
// events filter does; under -race this also checks that nothing it reads
// is written again.
func TestEventViewWhileTheLogGrows(t *testing.T) {
	l := NewLog()
	event := func(i int) mcp.Record {
		return mcp.Record{Seq: int64(i + 1), Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Data: mcp.Raw(strconv.Itoa(i))}}
	}
	state := mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen}}
	for i := 0; i < 3000; i++ {
		l.Append(event(i), state)
	}
	v := l.EventView()
	done := make(chan error, 1)
	go func() {
		for i := 0; i < v.Len(); i++ {
			if got := string(v.Event(i).Event.Data); got != strconv.Itoa(i) {
				done <- fmt.Errorf("event %d of the view holds %q", i, got)
				return
			}
		}
		done <- nil
	}()
	for i := 3000; i < 6000; i++ {
		l.Append(event(i), state)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if v.Len() != 3000 || v.Event(3000) != nil || v.Event(-1) != nil {
		t.Fatalf("the view holds %d events and answers past its end; want the 3000 there were", v.Len())
	}
	if got := l.EventView().Len(); got != 6000 {
		t.Fatalf("a new view holds %d events, want 6000", got)
	}
}

// readCounter is a memStore that counts the records read back: a Log
// loaded from a recording decodes each again when asked.
type readCounter struct {
	memStore
	reads int
}

func (c *readCounter) get(i int) *mcp.Record { c.reads++; return c.memStore.get(i) }

// The events pane draws each row from its event and its run: an event
// alone read its record twice a row a frame, decoded from the file for a
// replay, to fill a run of one. EventAndRun reads it once and says what
// Event and EventRun say.
func TestEventAndRunReadsALoneEventOnce(t *testing.T) {
	st := &readCounter{}
	l := newLog(st)
	l.Append(mcp.Record{Seq: 1, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{ID: "ev-1", Data: mcp.Raw(`{}`), Raw: mcp.Raw("id: ev-1\ndata: {}\n\n")}})
	st.reads = 0
	r, ru := l.EventAndRun(0)
	if st.reads != 1 {
		t.Errorf("the row's event read %d times, want once", st.reads)
	}
	if r != l.Event(0) || ru != l.EventRun(0) || ru.N != 1 || ru.Bytes != int64(len("id: ev-1\ndata: {}\n\n")) {
		t.Errorf("EventAndRun = %v, %+v; want Event's record and EventRun's run of one", r, ru)
	}
	if r, ru := l.EventAndRun(1); r != nil || ru != (EventRun{}) {
		t.Errorf("past the end: %v, %+v; want nothing", r, ru)
	}
}
