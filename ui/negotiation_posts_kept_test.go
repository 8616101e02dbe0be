package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// Negotiation keeps the newest POSTs: after more than it keeps, the POSTs
// row says its counts are of the newest, where "202 ×50" after 60 POSTs
// read as the connection's whole count.
func TestNegotiationPostsSayTheyAreTheNewest(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{10, "POSTs        202 ×10 · last 202"},
		{60, "POSTs        the newest 50: 202 ×50 · last 202"},
	} {
		s := newScript()
		s.negotiate("/sse?sessionid=ABC123")
		for i := range tc.n {
			id := fmt.Sprint(i + 1)
			req := s.request(id, "ping", "", `{}`)
			s.post(req, 202, "")
		}
		view := newTestModel(t, 160, 45, nil, s.recs).View()
		if got := row(view, "POSTs"); !strings.Contains(got, tc.want) {
			t.Errorf("%d POSTs: row %q, want %q", tc.n, got, tc.want)
		}
	}
}

// The earlier connections' POSTs are the first Negotiation drops: once
// it keeps no more, their row says its counts are of the newest, in the
// POSTs row's words, where "202 ×45" read as every POST before the
// reconnect.
func TestNegotiationEarlierPostsSayTheyAreTheNewest(t *testing.T) {
	for _, tc := range []struct {
		before int
		want   string
	}{
		{10, "  earlier    202 ×10 (earlier connections"},
		{60, "  earlier    the newest 45: 202 ×45 (earlier connections"},
	} {
		s := newScript()
		s.negotiate("/sse?sessionid=ABC123")
		for i := range tc.before {
			s.post(s.request(fmt.Sprint(i+1), "ping", "", `{}`), 202, "")
		}
		s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, Conn: 2, URL: fixtureBase, Transport: "sse"}})
		for i := range 5 {
			s.post(s.request(fmt.Sprint(100+i), "ping", "", `{}`), 202, "")
			s.recs[len(s.recs)-1].HTTP.Conn = 2
		}
		view := newTestModel(t, 160, 45, nil, s.recs).View()
		if got := row(view, "  earlier "); !strings.Contains(got, tc.want) {
			t.Errorf("%d POSTs before the reconnect: row %q, want %q", tc.before, got, tc.want)
		}
		if got := row(view, "POSTs"); !strings.Contains(got, "POSTs        202 ×5 · last 202") {
			t.Errorf("%d POSTs before the reconnect: POSTs row %q, want this connection's 5 whole", tc.before, got)
		}
	}
}
