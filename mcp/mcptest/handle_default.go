package mcptest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
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
		c.Result(initializeResult(c.Params))
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

// initializeResult answers an initialize with these params.
func initializeResult(params json.RawMessage) map[string]any {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(params, &p) // Bad params just get the default version.
	version := protocolVersions[0]
	for _, v := range protocolVersions {
		if p.ProtocolVersion == v {
			version = v
		}
	}
	return map[string]any{
		"protocolVersion": version,
		"capabilities":    map[string]any{"tools": map[string]any{}},
		"serverInfo":      map[string]any{"name": "fake", "version": "1.0"},
	}
}

// toolsPage is one page of a tools/list result.
type toolsPage struct {
	Tools      []Tool `json:"tools"`
	NextCursor string `json:"nextCursor,omitempty"`
}

// listTools answers tools/list with the page the cursor names. Cursors are
// "page-N"; the first page has none.
func (c *Call) listTools() {
	var p struct {
		Cursor string `json:"cursor"`
	}
	_ = json.Unmarshal(c.Params, &p) // Missing params mean the first page.
	pages := max(c.Server.opts.ToolPages, 1)
	page := 0
	if p.Cursor != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(p.Cursor, "page-"))
		if err != nil || !strings.HasPrefix(p.Cursor, "page-") || n < 1 || n >= pages {
			c.Error(-32602, "invalid cursor "+strconv.Quote(p.Cursor))
			return
		}
		page = n
	}
	tools := c.Server.Tools()
	// Even split: when there are fewer tools than pages some pages are empty,
	// which the protocol allows.
	lo, hi := page*len(tools)/pages, (page+1)*len(tools)/pages
	out := toolsPage{Tools: append([]Tool{}, tools[lo:hi]...)}
	if page+1 < pages {
		out.NextCursor = "page-" + strconv.Itoa(page+1)
	}
	c.Result(out)
}

// callTool answers tools/call for the server's current tools.
func (c *Call) callTool() {
	var p struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(c.Params, &p); err != nil || p.Name == "" {
		c.Error(-32602, "tools/call needs params {name, arguments}")
		return
	}
	found := false
	for _, t := range c.Server.Tools() {
		found = found || t.Name == p.Name
	}
	if !found {
		c.Error(-32602, "unknown tool "+strconv.Quote(p.Name))
		return
	}
	text, isError := runTool(p.Name, p.Arguments)
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
