package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
)

// Arguments given as one JSON object, as other clients take them, are
// refused (nothing is sent) with the key:=json words that say the same,
// ready to type.
func TestExecJSONArgumentsAreToldTheirWords(t *testing.T) {
	srv, err := demo.Start("127.0.0.1:0", demo.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	out, errOut, code := run(t, "exec", "--no-record", srv.MCPURL(), "tools/call", "greet", `{"name":"Ann","times":2}`)
	if code != exitUsage || !strings.Contains(out+errOut, `arguments go one key at a time; did you mean name:='"Ann"' times:=2?`) {
		t.Errorf("exit %d, want the JSON object's words suggested:\n%s\n%s", code, out, errOut)
	}
}
