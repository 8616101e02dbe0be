package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
)

// A request whose method is only spaces left its METHOD column blank where
// an empty one read "(no method)": both now say so.
func TestPairsBlankMethodSaysNoMethod(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	s.request("4", "", "", "{}")
	s.request("5", "   ", "", "{}")
	view := newTestModel(t, 80, 24, nil, s.recs).View()
	var rows []string
	for _, l := range strings.Split(view, "\n") {
		if strings.Contains(l, "→") && strings.Contains(l, "req") {
			rows = append(rows, l)
		}
	}
	if len(rows) != 2 {
		t.Fatalf("want the two requests' rows, found %d:\n%s", len(rows), view)
	}
	for _, r := range rows {
		if !strings.Contains(r, "(no method)") {
			t.Errorf("a request's row does not say it has no method: %q\n%s", r, view)
		}
	}
}

// Detail's heading names a request with no method as its row does: it
// read "request  · id 5", a gap where the method goes.
func TestDetailBlankMethodSaysNoMethod(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	seq := s.request("5", "   ", "", "{}")
	m := newTestModel(t, 80, 24, nil, s.recs)
	if got := openPair(t, m, seq); !strings.Contains(got, "(no method) · id 5") {
		t.Errorf("Detail's heading does not say the request has no method:\n%s", got)
	}
}

// An answer to no request of ours names no method of its own: Detail's
// heading says what it is, as its row does, where a blank or empty method
// left a gap ("← foreign  · id 99").
func TestDetailForeignBlankMethodSaysWhatItIs(t *testing.T) {
	for _, method := range []string{"", "   "} {
		s := newScript()
		s.negotiate("/sse?sessionid=ABC123")
		s.answer(0, "99", method, "", `{"jsonrpc":"2.0","id":99,"result":{}}`, false, false)
		m := newTestModel(t, 80, 24, nil, s.recs)
		var foreign *history.Pair
		for i := 0; i < m.com.log.PairCount(); i++ {
			if p := m.com.log.Pair(i); p.Kind == history.KindForeign {
				foreign = p
			}
		}
		if foreign == nil {
			t.Fatalf("method %q: no foreign row", method)
		}
		got := pairDetail(m, foreign)
		if !strings.Contains(got, "← foreign (answer to an id we never sent) · id 99") {
			t.Errorf("method %q: Detail's heading does not say what the answer is:\n%s", method, got)
		}
	}
}
