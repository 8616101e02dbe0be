package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// deepAskServer is a 2026 fake whose tools/call asks, once, an elicitation
// whose requestedSchema nests past encoding/json's 10,000 levels, and
// answers done-after-deep-ask once the answer comes back with its state.
func deepAskServer(t *testing.T) *mcptest.StatelessServer {
	t.Helper()
	deep := strings.Repeat(`{"type":"object","properties":{"a":`, 6000) + `{"type":"string"}` + strings.Repeat(`}}`, 6000)
	return mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		if strings.Contains(string(x.Params), `"inputResponses":{"e":{"action":"decline"}}`) && strings.Contains(string(x.Params), `"requestState":"s"`) {
			x.Result(map[string]any{"content": []map[string]any{{"type": "text", "text": "done-after-deep-ask"}}})
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","requestState":"s","inputRequests":{"e":{"method":"elicitation/create","params":{"message":"deep-question","requestedSchema":` + deep + `}}}}}`)
	})
}

// A recorded round that asked a question nested past 10,000 levels re-runs
// with its recorded answer: the re-run read the recorded inputRequests with
// encoding/json, found no question, and had no answer to give.
func TestRerunAnswersADeepQuestion(t *testing.T) {
	dir := stateDir(t)
	srv := deepAskServer(t)
	out, errOut, code := run(t, "exec", "--no-listen", "--answer", "e decline", srv.URL, "tools/call anything")
	if code != exitOK || !strings.Contains(out, "done-after-deep-ask") {
		t.Fatalf("exec exit %d\n%.2000s\n%.2000s", code, out, errOut)
	}
	file := onlyRecording(t, dir)
	out, errOut, code = run(t, "replay", file, "--against", deepAskServer(t).URL, "--json")
	if code != exitOK || !strings.Contains(out, `"same": true`) {
		t.Errorf("re-run: exit %d\n%.3000s\n%.3000s", code, out, errOut)
	}
}
