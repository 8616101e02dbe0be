package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An elicitation/create whose mode is none mcpscope declared (form, url)
// gets -32602, as a client MUST answer it, and the user is not asked,
// where it was put to the user as a form; a form, a url and one with no
// mode are put to the user as before.
func TestElicitationOfAnUndeclaredModeIsRefused(t *testing.T) {
	ans := &scripted{answer: map[string]string{"elicitation/create": `{"action":"decline"}`}}
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{}, Config{Answerer: ans})
	refused := []string{"-32602", "telepathy", "is not one mcpscope declared (form, url)"}
	for _, tc := range []struct {
		params string
		want   []string
	}{
		{`{"mode":"telepathy","message":"m"}`, refused},
		{`{"mode":7,"message":"m"}`, []string{"-32602", "its mode 7 is not one mcpscope declared"}},
		{`{"mode":"form","message":"m","requestedSchema":{"type":"object"}}`, []string{"decline"}},
		{`{"message":"m","requestedSchema":{"type":"object"}}`, []string{"decline"}},
	} {
		resp, err := s.CallTool(testCtx(t), "ask", []byte(`{"method":"elicitation/create","params":`+tc.params+`}`))
		if err != nil {
			t.Fatalf("tools/call ask: %v", err)
		}
		for _, w := range tc.want {
			if !strings.Contains(string(resp.Result), w) {
				t.Errorf("elicitation/create %s was answered %s, want %q in it", tc.params, resp.Result, w)
			}
		}
	}
	if len(ans.asked) != 2 {
		t.Errorf("the user was asked %d times, want 2 (the form and the one with no mode)", len(ans.asked))
	}
}
