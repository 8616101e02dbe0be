package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// An input_required answer whose question nests past encoding/json's
// 10,000 levels still says above its JSON what it is and what it asks: the
// summary was read with encoding/json, which refused the whole answer, so
// those lines were left out.
func TestDetailSummarizesADeepInputRequired(t *testing.T) {
	deep := strings.Repeat(`{"type":"object","properties":{"a":`, 6000) + `{"type":"string"}` + strings.Repeat(`}}`, 6000)
	s := &streamScript{script: newScript()}
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, URL: statelessURL}})
	call := s.request("1", "tools/call", "deep", `{"name":"deep","arguments":{}}`, 0)
	s.post(call, 200, mirrored("tools/call", "deep"), "sse", time.Millisecond)
	s.on(mcp.StreamResponse, call, mcp.ClassResponse, "1", "tools/call",
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"s","inputRequests":{"e":{"method":"elicitation/create","params":{"message":"deep-question","requestedSchema":`+deep+`}}}}}`)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	openPair(t, m, call)
	// Over 200 KiB, it is formatted off the update loop.
	m.Update(runCmd(t, m.detail.refresh(), isFormatted))
	got := strings.Join(m.detail.lines(), "\n")
	for _, want := range []string{"result    input_required", "e · elicitation/create: deep-question", "(inputResponses) and the same"} {
		if !strings.Contains(got, want) {
			t.Errorf("the deep answer's detail lacks %q:\n%.3000s", want, got)
		}
	}
}
