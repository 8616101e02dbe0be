package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 tools/list answered input_required, which the specification
// forbids outside tools/call, prompts/get and resources/read: the Detail
// pane warns that the answer is malformed and says no round follows,
// instead of promising that mcpscope sends the request again. A proxied
// client's 2026 session is known by the version it settled on, not by a
// transport of mcpscope's, and reads the same.
func TestDetailWarnsOfInputWhereTheSpecForbidsIt(t *testing.T) {
	for _, transport := range []string{mcp.TransportStateless, ""} {
		t.Run("transport="+transport, func(t *testing.T) { detailWarnsOfMisplacedInput(t, transport) })
	}
}

func detailWarnsOfMisplacedInput(t *testing.T, transport string) {
	s := &streamScript{script: newScript()}
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateConnecting, URL: statelessURL}})
	s.add(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateInitialized, Transport: transport, Protocol: "2026-07-28", URL: statelessURL}})
	list := s.request("1", "tools/list", "", `{}`, 0)
	s.post(list, 200, mirrored("tools/list", ""), "json", time.Millisecond)
	s.on(mcp.StreamResponse, list, mcp.ClassResponse, "1", "tools/list",
		`{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"s","inputRequests":{"who":{"method":"roots/list","params":{}}},"tools":[]}}`)
	m := newTestModel(t, 160, 45, newFakeBackend(), s.recs)
	openPair(t, m, list)
	got := strings.Join(m.detail.lines(), "\n")
	if !strings.Contains(got, `⚠ tools/list answered resultType "input_required" asking for who`) || !strings.Contains(got, "a malformed answer") {
		t.Errorf("the detail lacks the warning that tools/list may not ask for input:\n%.3000s", got)
	}
	if strings.Contains(got, "sends the request again") {
		t.Errorf("the detail promises a round that will not follow:\n%.3000s", got)
	}
}
