package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tools/call whose params hold a member nested past encoding/json's
// 10,000 levels (a proxied client's call, re-run from its recording) still
// names its tool in Mcp-Name, mirrors its Mcp-Param headers and carries the
// 2026 _meta: read whole with encoding/json, the deep member hid the name,
// the arguments and the _meta beside it, and the server refused the call.
func TestStatelessDeepParamsStillMirrorHeaders(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	answer := mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Result(mcptest.TextResult("forecast for eu", false)) // the default handler reads params with encoding/json
	})
	srv, s, _ := dialStateless(t, mcptest.StatelessOptions{Tools: mcptest.StatelessTools(), Handle: answer}, Config{})
	ctx := testCtx(t)
	if _, _, err := s.ListTools(ctx, true); err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	for _, tc := range []struct{ where, params string }{
		{"a params member", `{"x":` + deep + `,"name":"forecast","arguments":{"region":"eu"}}`},
		{"an argument", `{"name":"forecast","arguments":{"x":` + deep + `,"region":"eu"}}`},
		{"a _meta entry", `{"_meta":{"x":` + deep + `},"name":"forecast","arguments":{"region":"eu"}}`},
	} {
		resp, err := s.Request(ctx, "tools/call", []byte(tc.params))
		if err != nil || resp.Error != nil {
			t.Errorf("tools/call with %s nested 10,001 deep = %v, %v; want the tool's answer", tc.where, resp, err)
			continue
		}
		// The call's own request: the listen stream's POST may be
		// journaled after it.
		var call mcptest.Request
		for _, r := range srv.Requests() {
			if r.RPCMethod == "tools/call" {
				call = r
			}
		}
		h := call.Header
		if h.Get("Mcp-Name") != "forecast" || h.Get("Mcp-Param-Region") != "eu" {
			t.Errorf("tools/call with %s nested 10,001 deep sent Mcp-Name %q, Mcp-Param-Region %q; want forecast, eu", tc.where, h.Get("Mcp-Name"), h.Get("Mcp-Param-Region"))
		}
		if body := string(call.Body); !strings.Contains(body, deep) {
			t.Errorf("tools/call with %s nested 10,001 deep: the deep value was not sent as typed", tc.where)
		}
	}
}
