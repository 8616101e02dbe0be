package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// The tool hint says what the tool's annotations state, in the words exec's
// tools/list uses (history.ToolLine), sanitized.
func TestToolHintShowsAnnotations(t *testing.T) {
	page, err := mcp.ParseTools(json.RawMessage(`{"tools":[{"name":"wipe","description":"Wipes the disk.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}},
		"annotations":{"title":"Wipe \u001b[2Jit all","destructiveHint":true,"idempotentHint":true}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	c := NewCommandLine(plainStyles(), DefaultKeyMap(), "")
	c.SetSize(200)
	c.SetTools(page.Tools)
	c.Focus("")
	for _, typed := range []string{"tools/call wipe", "tools/call wipe "} {
		clPress(c, runes(typed))
		if hint, want := hintOf(c), "wipe — (destructive, idempotent) Wipe it all: Wipes the disk."; !strings.Contains(hint, want) {
			t.Errorf("%q: hint %q, want %q", typed, hint, want)
		}
		c.input.SetValue("")
	}
}
