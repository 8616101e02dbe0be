package ui

import (
	"fmt"
	"strings"
	"testing"
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
