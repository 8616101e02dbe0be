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
