package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Two completions of one prompt's arguments were headed alike, "──
// completion/complete review": which block held which argument's values
// was left to guess. The heading names the argument, as typed in words or
// in JSON params, as the TUI's row does.
func TestExecCompletionHeadingNamesTheArgument(t *testing.T) {
	srv := mcptest.OnMethod(t, "completion/complete", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"completion": map[string]any{"values": []string{"v"}}})
	})
	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(),
		"complete prompt review lang=r", "complete prompt review focus=s lang=rust",
		`completion/complete {"ref":{"type":"ref/resource","uri":"notes://{tag}"},"argument":{"name":"tag","value":"m"}}`)
	for _, want := range []string{
		"── completion/complete review lang\nv\n",
		"── completion/complete review focus\nv\n",
		"── completion/complete notes://{tag} tag\nv\n",
	} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("exit %d, want %q in:\n%s\n%s", code, want, out, errOut)
		}
	}
}
