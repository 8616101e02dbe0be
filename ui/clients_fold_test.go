package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A client that fails to connect again while another is watched is
// announced again: the proxy folds it into the fold the first failure
// made (0, GETs before initialize), which was announced the first time
// only, the next ones folded in with nothing on the screen.
func TestFoldAnnouncedForEachSessionFoldedIn(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	showClient(m, "inspector", []mcp.Record{{Seq: 1, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateOpen}}})
	const fold = "(GETs before initialize, never initialized)"
	m.Update(clientMsg{ID: 0, Name: fold, Fold: true, Records: make(chan []mcp.Record)})
	failed := func(seq int64) []mcp.Record {
		at := fixedNow.Add(time.Duration(seq) * time.Second)
		return []mcp.Record{
			{Seq: seq, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Detail: "client 127.0.0.1:5000"}},
			{Seq: seq + 1, Time: at, Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateClosed, Detail: "the client did not initialize"}},
		}
	}
	m.Update(clientRecordsMsg{0, failed(1)})
	want := newClientWords + "0 " + fold
	if status := statusWords(m); !strings.Contains(status, want) {
		t.Fatalf("the status line says %q, want the fold announced (%q)", status, want)
	}
	m.Update(statusExpiredMsg{id: m.statusSeq})
	if status := statusWords(m); strings.Contains(status, want) {
		t.Fatalf("the announcement %q stayed past its time", status)
	}
	m.Update(clientRecordsMsg{0, failed(3)})
	if status := statusWords(m); !strings.Contains(status, want) {
		t.Errorf("after a second session folded in the status line says %q, want the fold announced again (%q)", status, want)
	}
	if !strings.Contains(m.View(), "inspector") {
		t.Errorf("the shown client changed:\n%s", m.View())
	}
}

// statusWords is what the status line's message says, "" with none.
func statusWords(m *Model) string {
	if m.status.msg == nil {
		return ""
	}
	return m.status.msg.text
}
