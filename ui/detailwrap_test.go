package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// TestDetailHeadingsWrapInsteadOfCutting opens a refused request in a 60
// column terminal: its title, timing, request URL and headers, the advice
// on what to do and the POST's WWW-Authenticate are read whole, wrapped
// between words, where they used to end in "…" at the border.
func TestDetailHeadingsWrapInsteadOfCutting(t *testing.T) {
	const (
		url    = fixtureBase + "?sessionid=ABC123&tenant=a-rather-long-tenant-name-for-the-gateway"
		hint   = "the gateway wants a token: pass --bearer <token>, or set MCPSCOPE_TOKEN before starting mcpscope"
		realm  = `Bearer realm="docker-mcp-gateway", error="invalid_token", error_description="the token has expired"`
		method = "tools/call"
	)
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	req := s.request("7", method, "summarize_everything_in_the_workspace", `{"name":"summarize_everything_in_the_workspace","arguments":{}}`)
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: "post", Method: "POST", URL: url, Status: 401,
		Body: "Unauthorized\n", BodySize: 13, Duration: 2 * time.Millisecond, ReqSeq: req, Conn: 1,
		RequestHeaders: map[string][]string{"Content-Type": {"application/json"}, "X-Trace": {"one two three four five six seven eight nine ten eleven"}},
		Headers:        map[string][]string{"Content-Type": {"text/plain"}, "WWW-Authenticate": {realm}}}})
	s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: "POST answered 401 Unauthorized",
		Hint: hint, ReqSeq: req, Conn: 1}})

	m := newTestModel(t, 60, 15, nil, s.recs)
	press(m, "enter")
	if m.focus != paneDetail {
		t.Fatalf("enter on the refused request: focus = %v, want detail", m.focus)
	}
	lines := m.detail.lines()
	width := m.detail.w - 2
	var words []string
	for i, l := range lines {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("detail line %d is %d cells wide, the pane has %d: %q", i, w, width, ansi.Strip(l))
		}
		if strings.HasSuffix(ansi.Strip(l), "…") {
			t.Errorf("detail line %d is cut: %q", i, ansi.Strip(l))
		}
		words = append(words, strings.Fields(ansi.Strip(l))...)
	}
	text := strings.Join(words, " ")
	for _, want := range []string{
		"→ request tools/call summarize_everything_in_the_workspace · id 7 ·",
		"→ " + hint,
		"POST " + url,
		"X-Trace: one two three four five six seven eight nine ten eleven",
		"WWW-Authenticate: " + realm,
	} {
		// Compared without spaces: a token wider than the pane (the URL)
		// breaks at the border, and the rows are joined with one.
		if !strings.Contains(strings.ReplaceAll(text, " ", ""), strings.ReplaceAll(want, " ", "")) {
			t.Errorf("detail does not read %q whole:\n%s", want, strings.Join(lines, "\n"))
		}
	}
	if !strings.Contains(text, hint) {
		t.Errorf("the advice is not wrapped between words: want %q in\n%s", hint, text)
	}
}
