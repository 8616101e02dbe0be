package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A notification a resumed stream sent again (its event id came before)
// is no news: a replayed tools/list_changed had the tools listed again on
// every reopening (then "changed again" was said of what changed once),
// and its row read "received" as a new one's does. It lists nothing, and
// its row reads replayed, as Raw events marks it.
func TestReplayedNotificationIsNoNews(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	s.state(mcp.StateInitialized)
	replayed := mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification,
		Method: "notifications/tools/list_changed", Conn: 1, Replayed: true, Raw: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`}}
	seq := s.add(replayed)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	// Update followed the records as they came: a listing sent would be
	// on its way.
	if st := m.autoLists[listKindOf("notifications/tools/list_changed")]; st.listing || st.again || st.inRow > 0 {
		t.Errorf("a replayed list_changed had the tools listed again: %+v", st)
	}
	var p *history.Pair
	for i := 0; i < m.com.log.PairCount(); i++ {
		if q := m.com.log.Pair(i); q.Request != nil && q.Request.Seq == seq {
			p = q
		}
	}
	if p == nil {
		t.Fatal("no row for the replayed notification")
	}
	if state, _ := m.com.pairState(p); state != "↻ replayed" {
		t.Errorf("the replayed notification's row reads %q, want %q", state, "↻ replayed")
	}
}
