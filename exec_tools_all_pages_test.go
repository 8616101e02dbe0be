package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// pagedHintTools answers tools/list in two pages whose tools state
// annotations and execution.taskSupport, and, with one set, all of them on
// one page: the same tools listed both ways.
func pagedHintTools(onePage bool) func(x *mcptest.Exchange) {
	const first = `{"name":"lookup","description":"Finds a thing.","inputSchema":{"type":"object"},
		"annotations":{"title":"Look it up","readOnlyHint":true,"openWorldHint":false}}`
	const second = `{"name":"wipe","description":"Wipes the disk.","inputSchema":{"type":"object"},
		"annotations":{"destructiveHint":true,"idempotentHint":true},"execution":{"taskSupport":"required"}}`
	return func(x *mcptest.Exchange) {
		var p struct {
			Cursor *string `json:"cursor"`
		}
		_ = json.Unmarshal(x.Params, &p)
		page := `"tools":[` + first + `],"nextCursor":"p2"`
		switch {
		case onePage:
			page = `"tools":[` + first + `,` + second + `]`
		case p.Cursor != nil:
			page = `"tools":[` + second + `]`
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{` + page + `}}`)
	}
}

// tools/list --all over two pages says of each tool what one page says:
// its hints, its title and that it runs as a task. The merged list was
// built from the tools' parsed fields, which dropped annotations and
// execution, so the tools of several pages lost their hints.
func TestExecToolsAllPagesKeepHints(t *testing.T) {
	stateDir(t)
	listing := func(onePage bool) string {
		srv := mcptest.OnMethod(t, "tools/list", pagedHintTools(onePage))
		out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/list --all")
		if code != exitOK {
			t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
		}
		return out
	}
	paged, whole := listing(false), listing(true)
	for _, want := range []string{
		"lookup  (read-only, closed-world) Look it up: Finds a thing.\n",
		"wipe    (runs as a task; destructive, idempotent) Wipes the disk.\n",
		"2 tools",
	} {
		if !strings.Contains(paged, want) {
			t.Errorf("the listing of two pages lacks %q:\n%s", want, paged)
		}
	}
	if paged != whole {
		t.Errorf("two pages list the tools otherwise than one:\n%s\none page:\n%s", paged, whole)
	}
}
