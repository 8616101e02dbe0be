package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A TypeScript server built on zod 4 (the MCP TypeScript SDK v2, fastmcp)
// writes minimum -9007199254740991 and maximum 9007199254740991 into every
// z.number().int(): tools/list shows a bare integer, not a range in
// floating-point exponents, and a real range in full digits.
func TestExecToolListReadsZodIntegers(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Result(json.RawMessage(`{"tools":[{"name":"slow","inputSchema":{"type":"object","properties":{
			"steps":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},
			"port":{"type":"integer","minimum":1024,"maximum":2147483647}},"required":["steps"]}}]}`))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list")
	if code != exitOK || !strings.Contains(out, "steps*: integer  port: integer (1024..2147483647)") || strings.Contains(out, "e+") {
		t.Errorf("exit %d, want steps a bare integer and port's range in digits\n%s\n%s", code, out, errOut)
	}
}
