package ui

import (
	"encoding/json"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// completingServer starts a legacy fake that offers prompts and
// completions and answers each completion/complete with the completion
// answer gives for the argument named (the result's "completion" member).
func completingServer(t *testing.T, answer func(argument string) map[string]any) *mcptest.Server {
	t.Helper()
	return mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch {
		case c.Kind == mcptest.KindRequest && c.Method == "initialize":
			c.Result(map[string]any{"protocolVersion": "2025-06-18", "serverInfo": map[string]any{"name": "fake", "version": "1"},
				"capabilities": map[string]any{"prompts": map[string]any{}, "completions": map[string]any{}}})
		case c.Kind == mcptest.KindRequest && c.Method == "completion/complete":
			var p struct {
				Argument struct{ Name string } `json:"argument"`
			}
			_ = json.Unmarshal(c.Params, &p)
			c.Result(map[string]any{"completion": answer(p.Argument.Name)})
		default:
			c.Default()
		}
	}})
}
