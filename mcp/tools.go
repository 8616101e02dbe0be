package mcp

import (
	"encoding/json"
	"fmt"
)

// Tool is one entry of a tools/list answer.
type Tool struct {
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema,omitempty"`
	// Invalid says why the tool cannot be used, when it cannot: in the
	// 2026 era a tool whose x-mcp-header annotations break the rules is
	// left out of calls (and shown, marked, since a debugger shows what the
	// server sent).
	Invalid string `json:"-"`
}

// ParseTools reads the tools and the next page's cursor from a tools/list
// result.
func ParseTools(result json.RawMessage) ([]Tool, string, error) {
	var r struct {
		Tools      []Tool `json:"tools"`
		NextCursor string `json:"nextCursor"`
	}
	if err := json.Unmarshal(result, &r); err != nil {
		return nil, "", fmt.Errorf("the tools/list result is not readable: %v", err)
	}
	return r.Tools, r.NextCursor, nil
}

// FindTool returns the tool called name, or nil.
func FindTool(tools []Tool, name string) *Tool {
	for i := range tools {
		if tools[i].Name == name {
			return &tools[i]
		}
	}
	return nil
}
