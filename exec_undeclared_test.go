package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A method whose capability the server did not declare is refused as
// unknown (-32601): the fakes declare tools, resources, prompts and
// logging, not completions. exec's hint listed the 2026 era's gone
// methods (or told the user to check the spelling), none of it why; it
// says first what the server's capabilities lack, in either era.
func TestExecSaysAnUndeclaredCapabilityRefusedTheMethod(t *testing.T) {
	for _, tc := range []struct{ transport, url string }{
		{"stateless", mcptest.NewStateless(t, mcptest.StatelessOptions{}).Endpoint()},
		{"streamable", mcptest.NewStreamable(t, mcptest.StreamableOptions{}).Endpoint()},
	} {
		t.Run(tc.transport, func(t *testing.T) {
			out, errOut, _ := run(t, "exec", "--no-record", "--transport", tc.transport, "--no-get-stream", "--no-listen", tc.url,
				"completion/complete prompt greet name=a")
			want := "hint: the server did not declare completions in its capabilities: it does not offer completion/complete"
			if !strings.Contains(out, want) {
				t.Fatalf("exec did not say the server declared no completions:\n%s%s", out, errOut)
			}
		})
	}
}

// server/discover sent to a 2025 session is of another era, as the line
// before the request says; the hint under the refusal told the user to
// check the spelling, which contradicted it.
func TestExecDoesNotBlameTheSpellingOfAnotherEraMethod(t *testing.T) {
	older := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	out, errOut, _ := run(t, "exec", "--no-record", "--transport", "streamable", "--no-get-stream", older.Endpoint(), "initialize", "server/discover")
	if !strings.Contains(errOut, "server/discover belongs to 2026-07-28") {
		t.Fatalf("exec did not say server/discover is of another era:\n%s", errOut)
	}
	if strings.Contains(out, "check the spelling") || !strings.Contains(out, "hint: server/discover is not of this session's era of MCP") {
		t.Errorf("the hint does not follow the era note:\n%s", out)
	}
}
