package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// y on a priming event (an id and no data, as a 2025-11-25 server opens
// its streams) or a comment said "copied event data (0 B)" and put
// nothing on the clipboard: what has no data copies its raw bytes, as
// Detail shows them.
func TestCopyEventWithoutDataCopiesItsBytes(t *testing.T) {
	for _, ev := range []*mcp.SSEEvent{
		{ID: "0", HasID: true, Raw: mcp.Raw("id: 0\ndata:\n\n")},
		{Comments: []string{"keep-alive"}, Raw: mcp.Raw(": keep-alive\n\n")},
	} {
		text, what := copyText(nil, &mcp.Record{Kind: mcp.KindEvent, Event: ev}, true)
		if text != string(ev.Raw) || what != "raw event" {
			t.Errorf("y on %q copied %q as %q, want its bytes as the raw event", ev.Raw, text, what)
		}
	}
	data := &mcp.SSEEvent{Data: mcp.Raw(`{"a":1}`), Raw: mcp.Raw("data: {\"a\":1}\n\n")}
	if text, what := copyText(nil, &mcp.Record{Kind: mcp.KindEvent, Event: data}, true); text != `{"a":1}` || what != "event data" {
		t.Errorf("y on an event with data copied %q as %q, want its data", text, what)
	}
}
