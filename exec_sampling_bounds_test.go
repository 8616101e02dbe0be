package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// exec's word on a sampling request it had no --answer for says what
// bounds the reply (maxTokens, the model preferences, the system prompt),
// not only the messages: the person writing the --answer needs them.
func TestExecDescribesWhatBoundsASamplingReply(t *testing.T) {
	stateDir(t)
	base := demotest.Start(t, demo.Options{}).URL
	out, errOut, code := run(t, "exec", "--no-record", base+"/mcp", `tools/call sample prompt="Name a transport" max_tokens=64`)
	want := "the server asked for sampling (sampling/createMessage): max tokens 64 · model hints claude, speed priority 0.8 · system prompt “You answer for the mcpscope demo gateway. Be brief.” · reply to user: Name a transport"
	if code != exitFailed || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, want %q:\n%s\n%s", code, want, out, errOut)
	}
}
