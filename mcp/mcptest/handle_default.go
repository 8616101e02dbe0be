package mcptest

import (
	"net/http"
)

// protocolVersions are the versions the fake agrees to; any other request
// gets the oldest, as a legacy-transport server would answer.
var protocolVersions = []string{"2024-11-05", "2025-03-26", "2025-06-18"}

// knownMethods are the requests the default handler answers.
var knownMethods = map[string]bool{
	"initialize": true,
	"ping":       true,
	"tools/list": true,
	"tools/call": true,
}

// Default answers like a well-behaved MCP server: 202 for every valid
// message, then on the stream
//   - initialize: serverInfo {name "fake", version "1.0"}, capabilities
//     {tools: {}} and the client's protocolVersion if the fake knows it
//     (2024-11-05, 2025-03-26, 2025-06-18), else "2024-11-05";
//   - ping: an empty result;
//   - tools/list: the server's tools, in Options.ToolPages pages chained by
//     nextCursor;
//   - tools/call: see DefaultTools; an unknown tool is error -32602;
//   - any other method: error -32601.
//
// Notifications and responses to the server's own requests get only the
// 202. A body that is not one JSON-RPC message gets 400 text/plain, like the
// Go SDK.
func (c *Call) Default() {
	switch c.Kind {
	case KindNotification, KindResponse:
		return
	case KindInvalid:
		c.Status(http.StatusBadRequest, "text/plain; charset=utf-8", "failed to parse body\n")
		return
	}
	switch c.Method {
	case "initialize":
		caps := c.Server.opts.Capabilities
		if caps == nil {
			caps = map[string]any{"tools": map[string]any{}}
		}
		c.Result(initializeResult(c.Params, protocolVersions, protocolVersions[0], caps))
	case "ping":
		c.Result(struct{}{})
	case "tools/list":
		c.listTools()
	case "tools/call":
		c.callTool()
	default:
		c.Error(-32601, "method not found")
	}
}

// listTools answers tools/list with the page the cursor names.
func (c *Call) listTools() {
	page, err := listToolsPage(c.Server.Tools(), c.Server.opts.ToolPages, c.Params)
	if err != nil {
		c.Error(err.Code, err.Message)
		return
	}
	c.Result(page)
}

// callTool answers tools/call for the server's current tools.
func (c *Call) callTool() {
	call, _, err := parseToolCall(c.Server.Tools(), c.Params)
	if err != nil {
		c.Error(err.Code, err.Message)
		return
	}
	text, isError := runTool(call.Name, call.Arguments)
	c.Result(TextResult(text, isError))
}

// ToolResult is a tools/call result.
type ToolResult struct {
	Content []Content `json:"content"`
	// IsError marks a tool failure, which MCP reports as a result, not as a
	// JSON-RPC error.
	IsError bool `json:"isError,omitempty"`
}

// Content is one content item of a tool result.
type Content struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// TextResult is a tools/call result holding one text content item.
func TextResult(text string, isError bool) ToolResult {
	return ToolResult{Content: []Content{{Type: "text", Text: text}}, IsError: isError}
}
