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
				"unreadable resourceTemplates[1]: the entry is null (null), not an object\n" +
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
