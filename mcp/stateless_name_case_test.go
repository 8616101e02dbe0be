package mcp

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Mcp-Name and the Mcp-Param headers of a 2026 tools/call read the
// params' "name" by the same rule, the wire's: JSON members are
// case-sensitive, so "Name" names no tool. The tool used to be found with
// encoding/json's case-folding while Mcp-Name read the exact key, so
// {"Name":"forecast"} sent Mcp-Param-Region for a call naming nothing, and
// {"name":"forecast","Name":"other"} sent Mcp-Name forecast without the
// forecast tool's Mcp-Param-Region: headers that disagree with the body
// the server reads.
func TestStatelessNameHeadersReadExactKey(t *testing.T) {
	srv, s, _ := dialStateless(t, mcptest.StatelessOptions{Tools: mcptest.StatelessTools()}, Config{})
	ctx := testCtx(t)
	if _, _, err := s.ListTools(ctx, true); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	for _, tc := range []struct{ params, name, region string }{
		{`{"Name":"forecast","arguments":{"region":"eu"}}`, "", ""},
		{`{"name":"forecast","Name":"other","arguments":{"region":"eu"}}`, "forecast", "eu"},
		{`{"NAME":"other","name":"forecast","arguments":{"region":"eu"}}`, "forecast", "eu"},
	} {
		_, _ = s.Request(ctx, "tools/call", []byte(tc.params)) // the fake may refuse a call naming nothing
		var call mcptest.Request
		for _, r := range srv.Requests() {
			if r.RPCMethod == "tools/call" {
				call = r
			}
		}
		h := call.Header
		if _, sent := h["Mcp-Name"]; sent != (tc.name != "") || h.Get("Mcp-Name") != tc.name || h.Get("Mcp-Param-Region") != tc.region {
			t.Errorf("tools/call %s sent Mcp-Name %q (sent: %v), Mcp-Param-Region %q; want %q, %q", tc.params, h.Get("Mcp-Name"), sent, h.Get("Mcp-Param-Region"), tc.name, tc.region)
		}
	}
}
