package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// askingDiscover is a 2026 server whose server/discover answer says
// resultType "input_required" with an inputRequests, which the
// specification allows on tools/call, prompts/get and resources/read only.
func askingDiscover(t *testing.T) *mcptest.StatelessServer {
	return mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method == "server/discover" {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required",` +
				`"inputRequests":{"who":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{}}}}},` +
				`"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"asker","version":"1"}}}}`)
			return
		}
		x.Default()
	}})
}

// exec says the discover answer is malformed, once, and answers nothing:
// first as the session's opening, then as a command of its own.
func TestExecSaysDiscoverMayNotAskForInput(t *testing.T) {
	srv := askingDiscover(t)
	const want = `warning: server/discover answered resultType "input_required" asking for who, which the specification allows only on tools/call`
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.Endpoint(), "server/discover", "tools/list", "server/discover")
	if code != exitOK || strings.Count(out, want) != 2 || !strings.Contains(out, "server asker 1") {
		t.Errorf("exit %d, want 0 and %q for each server/discover:\n%s\n%s", code, want, out, errOut)
	}
	if strings.Contains(out+errOut, "again") || strings.Contains(out+errOut, "answered the server") {
		t.Errorf("exec answered what server/discover asked, or sent it again:\n%s\n%s", out, errOut)
	}
	for _, r := range srv.Requests() {
		if r.RPCMethod == "server/discover" && strings.Contains(string(r.Body), "inputResponses") {
			t.Errorf("server/discover was sent again with inputResponses: %s", r.Body)
		}
	}
}
