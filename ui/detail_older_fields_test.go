package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A tools/list answer of a 2025-11-25 session over legacy SSE that carries
// ttlMs and cacheScope: Detail read 2026's rules into it, "result complete
// (resultType absent, which means complete)". It shows the fields as the
// server wrote them and says whose they are.
func TestDetailOfOlderAnswerShowsItsFieldsNot2026Words(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=OLD")
	init := s.request("1", "initialize", "", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcpscope","version":"dev"}}`)
	s.post(init, 202, "")
	s.answer(init, "1", "initialize", "", `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"old","version":"1"}}}`, false, false)
	s.state(mcp.StateInitialized)
	list := s.request("2", "tools/list", "", `{}`)
	s.post(list, 202, "")
	s.answer(list, "2", "tools/list", "", `{"jsonrpc":"2.0","id":2,"result":{"tools":[],"ttlMs":0,"cacheScope":"public"}}`, false, false)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)

	got := strings.Join(strings.Fields(openPair(t, m, list)), " ") // the line wraps
	if want := "ttlMs 0 · cacheScope public (2026-07-28's fields: a 2025-11-25 session gives them no meaning)"; !strings.Contains(got, want) {
		t.Errorf("the answer's detail lacks %q:\n%s", want, got)
	}
	if strings.Contains(got, "resultType absent") {
		t.Errorf("the 2025 answer's detail reads 2026's resultType rule into it:\n%s", got)
	}
}
