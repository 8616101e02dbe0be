package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// In a pane too narrow for the ID column (160 columns: Raw events is 64
// cells) an event with no data shows its id after "(no data)", and like
// the column it keeps the id's end: the stream's events differ there
// (…_0, …_1), and cutting the end showed them all alike. Two in a row on
// one stream are one row, a run of ids alone, which keeps both ends.
func TestNarrowEventsKeepTheEndOfAnID(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	req := s.request("4610002", "tools/list", "", `{}`)
	for _, id := range []string{"AASB7GRNWXTCYQPLMNYSDWGUR_0", "AASB7GRNWXTCYQPLMNYSDWGUR_1"} {
		raw := "id: " + id + "\ndata: \n\n"
		s.add(mcp.Record{Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Conn: 1, Stream: mcp.StreamResponse, ReqSeq: req, ID: id, HasID: true, Raw: mcp.Raw(raw)}})
	}
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	view := ansi.Strip(m.View())
	for _, want := range []string{"SDWGUR_0", "SDWGUR_1"} {
		if !strings.Contains(view, want) {
			t.Errorf("Raw events lacks the end of the id %q:\n%s", want, view)
		}
	}
}
