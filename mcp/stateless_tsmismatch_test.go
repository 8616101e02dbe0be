package mcp

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The TypeScript SDK v2 answers a header that disagrees with the body with
// data.mismatch {header, body}, its header being the value it got and its
// body a sentence: the meaning quotes that sentence and invents no
// expected value ("should be \"\"") the server never sent.
func TestHeaderMismatchOfTheTypeScriptShape(t *testing.T) {
	const said = `Bad Request: the request headers and body disagree: the body carries params.name="fail" but the Mcp-Name header names "fail, other"`
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Fail(http.StatusBadRequest, CodeHeaderMismatch, said, map[string]any{"mismatch": map[string]any{
			"header": "fail, other",
			"body":   `the body carries params.name="fail" but the Mcp-Name header names "fail, other"`,
		}})
	})}, Config{})
	resp, err := s.CallTool(testCtx(t), "fail", []byte(`{}`))
	if err != nil || resp.Error == nil || resp.Error.Code != CodeHeaderMismatch {
		t.Fatalf("tools/call = %v, %v; want -32020", resp, err)
	}
	got := resp.Error.Meaning()
	if strings.Contains(got, "should be") || strings.Contains(got, "got nothing") {
		t.Errorf("Meaning() = %q: it reads the TypeScript shape as one that names an expected value", got)
	}
	if !strings.Contains(got, "HeaderMismatch") || !strings.Contains(got, said) {
		t.Errorf("Meaning() = %q, want the kind of error and the server's words %q", got, said)
	}
}
