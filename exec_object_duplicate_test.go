package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Arguments given as one JSON object with a key twice were sent without a
// word, where key=value words refuse a key given twice: which value a
// server takes is its JSON reader's choice. exec warns, naming the key and
// how often, and still sends the object as typed.
func TestExecWarnsOfAKeyTheArgumentsObjectGivesTwice(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL, `tools/call add {"a":1,"b":2,"a":5}`)
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "warning: a: given 2 times in the object") || strings.Contains(errOut, "b: given") {
		t.Errorf("stderr does not warn of a, and only a, given twice:\n%s", errOut)
	}
	if !strings.Contains(out, "7") {
		t.Errorf("the object was not sent as typed (a Go server keeps the last a: 5+2):\n%s", out)
	}
}
