package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// answerResultType answers every request of method with a result whose
// resultType member is stated as given (raw JSON; "" leaves it out).
func answerResultType(method, stated string) func(x *mcptest.Exchange) {
	return mcptest.HandleMethod(method, func(x *mcptest.Exchange) {
		rt := ""
		if stated != "" {
			rt = `,"resultType":` + stated
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":"done"}],"resources":[]` + rt + `}}`)
	})
}

// On 2026-07-28 "a resultType of any value unrecognized by the client
// MUST be considered invalid": a tools/call or resources/list answered
// with resultType "pending" (or 7) fails, saying which resultType and
// why, where it was read as a success. complete, null and none at all are
// complete.
func TestUnknownResultTypeIsInvalidOn2026(t *testing.T) {
	for _, tc := range []struct {
		method, stated, want string
	}{
		{"tools/call", `"pending"`, `tools/call answered resultType "pending", which is none of 2026-07-28's (complete, input_required)`},
		{"resources/list", `7`, `resources/list answered resultType 7, which is none of 2026-07-28's`},
		{"tools/call", `"complete"`, ""},
		{"tools/call", `null`, ""},
		{"tools/call", ``, ""},
	} {
		_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: answerResultType(tc.method, tc.stated)}, Config{NoListen: true})
		var err error
		if tc.method == "tools/call" {
			_, err = s.CallTool(testCtx(t), "echo", []byte(`{}`))
		} else {
			_, err = s.Request(testCtx(t), tc.method, nil)
		}
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s with resultType %s: %v, want a success", tc.method, tc.stated, err)
		case tc.want != "" && (CauseOf(err) != CauseBadResultType || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s with resultType %s: %v, want the bad-result-type error saying %q", tc.method, tc.stated, err, tc.want)
		}
	}
}

// The 2025 eras give resultType no meaning: a result that states one is
// the server's own member, not an invalid result.
func TestResultTypeIsNoMatterOn2025(t *testing.T) {
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: answerResultType("tools/call", `"pending"`)}, Config{})
	if _, err := s.CallTool(testCtx(t), "echo", []byte(`{}`)); err != nil {
		t.Errorf("tools/call on 2025-11-25 with resultType \"pending\": %v, want a success", err)
	}
}
