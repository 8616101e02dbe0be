package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// askWho is an input_required answer's asking part, spread into a result
// of a request that may not ask for input.
const askWho = `"resultType":"input_required","requestState":"x",` +
	`"inputRequests":{"who":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{}}}}}`

// misplacedAsker is a 2026 server that answers server/discover and
// tools/list with resultType "input_required", which the specification
// allows only on tools/call, prompts/get and resources/read.
func misplacedAsker(t *testing.T) *mcptest.StatelessServer {
	return mcptest.NewStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "server/discover":
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{` + askWho + `,` +
				`"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"asker","version":"1"}}}}`)
		case "tools/list":
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{` + askWho + `,` +
				`"tools":[{"name":"lonely","description":"the one tool","inputSchema":{"type":"object"}}]}}`)
		default:
			x.Default()
		}
	}})
}

// exec follows no round of a request that may not ask for input: it says
// the answer is malformed and which requests may ask, reads the rest as
// the result, and sends each request once, with no inputResponses.
func TestExecFollowsNoInputWhereTheSpecForbidsIt(t *testing.T) {
	srv := misplacedAsker(t)
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.Endpoint(), "server/discover", "tools/list")
	for _, want := range []string{
		`warning: server/discover answered resultType "input_required" asking for who, which the specification allows only on tools/call, prompts/get and resources/read`,
		`warning: tools/list answered resultType "input_required" asking for who, which the specification allows only on tools/call, prompts/get and resources/read`,
		"server asker 1", "lonely",
	} {
		if strings.Count(out, want) != 1 {
			t.Errorf("want %q once in:\n%s\n%s", want, out, errOut)
		}
	}
	if code != exitOK || strings.Contains(out+errOut, "again") || strings.Contains(out+errOut, "answered the server") {
		t.Errorf("exit %d, want 0 and no round answered:\n%s\n%s", code, out, errOut)
	}
	sent := map[string]int{}
	for _, r := range srv.Requests() {
		sent[r.RPCMethod]++
		if strings.Contains(string(r.Body), "inputResponses") {
			t.Errorf("%s was sent again with inputResponses: %s", r.RPCMethod, r.Body)
		}
	}
	if sent["tools/list"] != 1 {
		t.Errorf("tools/list sent %d times, want once", sent["tools/list"])
	}
}
