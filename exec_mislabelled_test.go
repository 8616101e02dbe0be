package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that sends its JSON-RPC answers with no Content-Type is told to
// label them: exec said "no transport worked" and "check the URL", which
// was right, and then its hint allowed "this is not an MCP endpoint" for
// a body that was initialize's own result.
func TestExecSaysAMislabelledAnswerIsOnlyMislabelled(t *testing.T) {
	url := mcptest.Unlabelled(t)
	out, errOut, code := run(t, "exec", "--no-record", url+"/mcp", "tools/list")
	said := out + errOut
	if code == exitOK || !strings.Contains(said, "only its Content-Type is wrong") || !strings.Contains(said, "hint: the server sent its JSON-RPC answer under the wrong Content-Type") ||
		strings.Contains(said, "check the URL") || strings.Contains(said, "not an MCP endpoint") {
		t.Errorf("exec exits %d and says:\n%s\nwant the missing label named as all that is wrong", code, said)
	}
}
