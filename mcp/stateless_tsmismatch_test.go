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

// data.mismatch's "received" says what header came: a string is what
// came, null (or header and expected alone) that none did. A shape naming
// what came under another key ("got") read "the server got nothing", which
// was untrue: it says neither, and the data is quoted beside.
func TestHeaderMismatchReceivedIsReadAsSent(t *testing.T) {
	for _, c := range []struct {
		mismatch, want, not string
	}{
		{`{"header":"Mcp-Name","expected":"a","received":"b"}`, `Mcp-Name should be "a", the server got "b"`, ""},
		{`{"header":"Mcp-Name","expected":"a","received":null}`, `Mcp-Name should be "a", the server got nothing`, ""},
		{`{"header":"Mcp-Name","expected":"a"}`, `Mcp-Name should be "a", the server got nothing`, ""},
		{`{"header":"Mcp-Name","expected":"a","got":"b"}`, `Mcp-Name should be "a"`, "got nothing"},
	} {
		e := &RPCError{Code: CodeHeaderMismatch, Message: "Header mismatch", Data: []byte(`{"mismatch":` + c.mismatch + `}`)}
		got := e.Meaning()
		if !strings.Contains(got, c.want) || c.not != "" && strings.Contains(got, c.not) {
			t.Errorf("mismatch %s: Meaning() = %q, want it to say %q and not %q", c.mismatch, got, c.want, c.not)
		}
	}
}
