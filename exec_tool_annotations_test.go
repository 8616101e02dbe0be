package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// annotatedTools is a tools/list result whose tools state annotations (and
// titles) the way servers do, well and badly.
const annotatedTools = `{"tools":[
	{"name":"lookup","title":"Look it up","description":"Finds a thing.","inputSchema":{"type":"object"},
	 "annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}},
	{"name":"wipe","description":"Wipes the disk.","inputSchema":{"type":"object"},
	 "annotations":{"title":"Wipe \u001b[2Jit all","readOnlyHint":false,"destructiveHint":true,"idempotentHint":true,"openWorldHint":true}},
	{"name":"append","description":"Adds a line.","inputSchema":{"type":"object"},
	 "annotations":{"destructiveHint":false}},
	{"name":"odd","description":"Says yes in words.","inputSchema":{"type":"object"},
	 "annotations":{"readOnlyHint":"yes","title":"odd"}},
	{"name":"bare","description":"States nothing.","inputSchema":{"type":"object"}}
]}`

// tools/list says what each tool's annotations state, briefly, before its
// description: a person inspecting a gateway wants to know which tools
// only read and which may destroy, and the title a client would show. The
// hints were dropped.
func TestExecToolsListShowsAnnotations(t *testing.T) {
	stateDir(t)
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + annotatedTools + `}`)
	})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"lookup  (read-only, closed-world) Look it up: Finds a thing.\n",
		"wipe    (destructive, idempotent, open-world) Wipe it all: Wipes the disk.\n",
		"append  (non-destructive) Adds a line.\n",
		"odd     Says yes in words.\n", // a hint that is no boolean, a title that is the name: nothing said
		"bare    States nothing.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the listing lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("the server's escape reached the output: %q", out)
	}
}
