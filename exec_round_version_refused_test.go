package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 server whose server/discover listed 2026-07-28 and that then
// refuses an input round with -32022 naming another version contradicts
// itself: exec says so and what to do, where it advised pinning a
// version, which cannot help (the session already used one it listed).
func TestExecRoundRefusedVersionSaysTheServerContradictsItself(t *testing.T) {
	url := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		if strings.Contains(string(x.Params), "inputResponses") {
			x.ErrorData(-32022, "Unsupported protocol version", map[string]any{"supported": []string{"2027-01-01"}})
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{"ok":{"method":"elicitation/create","params":{"message":"go?","requestedSchema":{"type":"object"}}}},"requestState":"s"}}`)
	}).URL
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--answer", "ok accept", url, "tools/call anything")
	all := out + errOut
	if code == exitOK || !strings.Contains(all, "contradicts its server/discover answer") || strings.Contains(all, "pin") {
		t.Errorf("exit %d, want the contradiction said, and no pinning advised\n%s\n%s", code, out, errOut)
	}
}
