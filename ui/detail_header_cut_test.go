package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A POST answer's WWW-Authenticate the record holds cut (a server sent a
// megabyte of it) is said to be cut, with how long it was, under the part
// shown: the record keeps its first HeaderLimit bytes, not all of it.
func TestDetailSaysAnAnswerHeaderWasCut(t *testing.T) {
	text := refusedPostDetail(t, &mcp.HTTPExchange{
		Headers:    map[string][]string{"Content-Type": {"text/plain"}, "WWW-Authenticate": {`Bearer realm="` + strings.Repeat("r", mcp.HeaderLimit-14)}},
		HeadersCut: map[string]int{"WWW-Authenticate": 1 << 20}})
	if !strings.Contains(text, "(header cut: 1048576 bytes, first 8192 kept)") {
		t.Errorf("the detail does not say WWW-Authenticate was cut:\n%s", text)
	}
	if strings.Count(text, "header cut") != 1 {
		t.Errorf("the detail says a header was cut other than once (Content-Type was kept whole):\n%s", text)
	}
}

// The headers a record left out (a flood past mcp.HeadersLimit) are
// counted under those Detail shows, for the request and for its POST's
// answer: nothing on screen said a header might be missing.
func TestDetailSaysHeadersWereLeftOut(t *testing.T) {
	text := refusedPostDetail(t, &mcp.HTTPExchange{
		RequestHeaders: map[string][]string{"Content-Type": {"application/json"}}, RequestHeadersLeftOut: 1,
		Headers: map[string][]string{"Content-Type": {"text/plain"}}, HeadersLeftOut: 3000})
	for _, want := range []string{"(1 header left out of the record)", "(3000 headers left out of the record)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the detail does not say %q:\n%s", want, text)
		}
	}
}

// refusedPostDetail is the text of Detail on a tools/list whose POST was
// answered 401, its exchange's headers as h has them.
func refusedPostDetail(t *testing.T, h *mcp.HTTPExchange) string {
	t.Helper()
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	req := s.request("7", "tools/list", "", `{}`)
	h.Purpose, h.Method, h.URL, h.Status = "post", "POST", fixtureBase+"?sessionid=ABC123", 401
	h.Body, h.BodySize, h.Duration, h.ReqSeq, h.Conn = "Unauthorized\n", 13, 2*time.Millisecond, req, 1
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: h})
	m := newTestModel(t, 100, 30, nil, s.recs)
	press(m, "enter")
	if m.focus != paneDetail {
		t.Fatalf("enter on the refused request: focus = %v, want detail", m.focus)
	}
	return ansi.Strip(strings.Join(m.detail.lines(), "\n"))
}
