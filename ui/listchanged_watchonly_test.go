package ui

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// In a proxy's TUI the user's own session lists its tools again on a
// list_changed; if the list changes again while that listing is on its way
// and the user then shows a proxied client's session, which has no backend,
// the listing's answer must not send the next one through no backend (a
// nil Backend's Do panics and takes the TUI down with it).
func TestAutoListAfterShowingAWatchOnlyClient(t *testing.T) {
	m := newProxyModel(t, make(chan Client))
	own := newFakeBackend()
	m.Update(clientMsg{ID: 1, Name: "own", Transport: "sse", Records: make(chan []mcp.Record), Backend: own})
	m.Update(clientMsg{ID: 2, Name: "proxied", Transport: "sse", Records: make(chan []mcp.Record)})
	changed := func() []mcp.Record {
		s := newScript()
		s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification,
			Method: "notifications/tools/list_changed", Raw: mcp.Raw(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)}})
		return s.recs
	}
	m.Update(clientRecordsMsg{1, changed()}) // the listing goes
	m.Update(clientRecordsMsg{1, changed()}) // and one more is due when it is back
	if st := m.autoLists[0]; !st.listing || !st.again {
		t.Fatalf("after two list_changed the tools listing is %+v, want one on its way and one more due", st)
	}
	press(m, "]")
	if m.backend() != nil {
		t.Fatal("the proxied client's session is not the one shown")
	}
	listing := listKinds[0].listing
	if cmd := m.autoListed(0); cmd != nil {
		t.Fatalf("the listing's answer came while a watch-only session is shown, and a command to list again was returned: it would send %q through no backend", listing.Line)
	}
	if st := m.autoLists[0]; st.listing || st.again {
		t.Errorf("the tools listing is left at %+v, want nothing on its way or due", st)
	}
}
