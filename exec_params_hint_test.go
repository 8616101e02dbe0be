package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A refused params' hint names the list to check what was named against:
// resources/read of a URI the server has not got, and prompts/get of a
// prompt it has not got, were sent to "tools/list, prompts/list,
// resources/templates/list", tools first, whatever was asked.
func TestARefusedParamsHintNamesTheListAsked(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL + "/stateless"
	for _, tc := range []struct {
		command, want string
	}{
		{"resources/read demo://nosuch", "hint: the server refused the params: is the URI one it offers? resources/list lists its resources, resources/templates/list the templates"},
		{"prompts/get nosuch", "hint: the server refused the params: check the prompt's name and its arguments (the required ones too) against prompts/list"},
		{"prompts/get review_code", "against prompts/list"},
	} {
		out, errOut, code := run(t, "exec", "--no-record", url, tc.command)
		all := out + errOut
		if code != exitFailed || !strings.Contains(all, tc.want) || strings.Contains(all, "tools/list, prompts/list") {
			t.Errorf("exec %s: exit %d, output:\n%s\nwant %q", tc.command, code, all, tc.want)
		}
	}
}
