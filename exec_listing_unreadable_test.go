package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A list page whose entries are not objects says what it left out, as
// tools/list does, where a page of [1, null, "s"] listed as "0 templates"
// as if the server had none; a result that is no object says so before
// its JSON.
func TestExecSaysUnreadableListEntries(t *testing.T) {
	stateDir(t)
	for _, c := range []struct{ method, line, result, want string }{
		{"resources/templates/list", "templates", `{"resourceTemplates":[1,null,"s",{"uriTemplate":"a://{x}","name":"a"}]}`,
			"unreadable resourceTemplates[0]: the entry is an integer (1), not an object\n" +
				"unreadable resourceTemplates[1]: the entry is null, not an object\n" +
				"unreadable resourceTemplates[2]: the entry is a string (\"s\"), not an object\n" +
				"1 template and 3 unreadable\n"},
		{"prompts/list", "prompts", `{"prompts":[7]}`, "unreadable prompts[0]: the entry is an integer (7), not an object\n0 prompts and 1 unreadable\n"},
		{"resources/list", "resources", `[{"uri":"a://b"}]`, "warning: the resources/list result is an array, not an object\n["},
	} {
		srv := mcptest.OnMethod(t, c.method, func(x *mcptest.Exchange) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":` + c.result + `}`)
		})
		out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), c.line)
		if code != exitOK || !strings.Contains(out, c.want) {
			t.Errorf("%s: exit %d, want %q in:\n%s\n%s", c.line, code, c.want, out, errOut)
		}
	}
}

// A page of thousands of unreadable entries takes a few lines: the first
// ones and the count, not a line each.
func TestExecBoundsUnreadableListEntries(t *testing.T) {
	stateDir(t)
	srv := mcptest.OnMethod(t, "prompts/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"prompts":[1` + strings.Repeat(",1", 4999) + `]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "prompts")
	if code != exitOK || strings.Count(out, "\n") > 40 || !strings.Contains(out, "unreadable: 4980 more, not shown\n0 prompts and 5000 unreadable\n") {
		t.Errorf("exit %d, %d lines, want a few lines and the count:\n%.1500s\n%s", code, strings.Count(out, "\n"), out, errOut)
	}
}
