package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool really named name=x, called quoted as its name is listed, is
// called with no word of "sent whole": the list says it is meant. It
// drew the warning every time, as if the quotes were a shell's habit;
// a name=x the list does not hold still draws it.
func TestExecQuotedToolNamedLikeAKeyIsNotWarnedWhenListed(t *testing.T) {
	tools := append(mcptest.DefaultTools(), mcptest.Tool{Name: "name=x", InputSchema: json.RawMessage(`{"type":"object"}`)})
	srv := mcptest.New(t, mcptest.Options{Tools: tools})
	out, errOut, _ := run(t, "exec", "--no-record", srv.SSEURL(), "tools/call 'name=x'")
	if strings.Contains(out+errOut, "sent whole") || !strings.Contains(out, "── tools/call") {
		t.Errorf("a listed tool drew the quoted-key warning, or was not called:\n%s\n%s", out, errOut)
	}
	out, errOut, _ = run(t, "exec", "--no-record", srv.SSEURL(), "tools/call 'name=echo'")
	want := `warning: "name=echo" is quoted, so it is sent whole as the tool's name, name= and all; for the tool "echo", leave out name=`
	if !strings.Contains(out+errOut, want) {
		t.Errorf("an unlisted name=echo did not say %q:\n%s\n%s", want, out, errOut)
	}
}
