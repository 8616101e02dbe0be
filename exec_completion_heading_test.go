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
	srv := completingServer(t, func(x *mcptest.Exchange) {
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

// completingServer is a streamable fake declaring completions (and the
// default capabilities) whose completion/complete handle answers: one
// declaring none that answered would be noted as contradicting itself.
func completingServer(t *testing.T, handle func(x *mcptest.Exchange)) *mcptest.StreamableServer {
	t.Helper()
	caps := map[string]any{"tools": map[string]any{}, "resources": map[string]any{}, "prompts": map[string]any{}, "logging": map[string]any{}, "completions": map[string]any{}}
	return mcptest.NewStreamable(t, mcptest.StreamableOptions{Capabilities: caps, Handle: mcptest.HandleMethod("completion/complete", handle)})
}
