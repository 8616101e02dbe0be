package mcptest

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// The answers every fake gives to the MCP methods they share, whatever the
// transport: each fake frames them for its own wire.

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

// initializeResult answers an initialize with these params: the client's
// protocolVersion when it is one of versions, else fallback.
func initializeResult(params json.RawMessage, versions []string, fallback string, caps map[string]any) map[string]any {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(params, &p) // Bad params just get the fallback version.
	version := fallback
	if slices.Contains(versions, p.ProtocolVersion) {
		version = p.ProtocolVersion
	}
	return map[string]any{
		"protocolVersion": version,
		"capabilities":    caps,
		"serverInfo":      map[string]any{"name": "fake", "version": "1.0"},
	}
}

// toolsPage is one page of a tools/list result.
type toolsPage struct {
	Tools      []Tool `json:"tools"`
	NextCursor string `json:"nextCursor,omitempty"`
}

// listToolsPage returns the page of tools the cursor in params names, out of
// pages pages. Cursors are "page-N"; the first page has none.
func listToolsPage(tools []Tool, pages int, params json.RawMessage) (toolsPage, *rpcError) {
	var p struct {
		Cursor string `json:"cursor"`
	}
	_ = json.Unmarshal(params, &p) // Missing params mean the first page.
	pages = max(pages, 1)
	page := 0
	if p.Cursor != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(p.Cursor, "page-"))
		if err != nil || !strings.HasPrefix(p.Cursor, "page-") || n < 1 || n >= pages {
			return toolsPage{}, &rpcError{Code: -32602, Message: "invalid cursor " + strconv.Quote(p.Cursor)}
		}
		page = n
	}
	// Even split: when there are fewer tools than pages some pages are empty,
	// which the protocol allows.
	lo, hi := page*len(tools)/pages, (page+1)*len(tools)/pages
	out := toolsPage{Tools: append([]Tool{}, tools[lo:hi]...)}
	if page+1 < pages {
		out.NextCursor = "page-" + strconv.Itoa(page+1)
	}
	return out, nil
}

// toolCall is the params of a tools/call request.
type toolCall struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// parseToolCall reads tools/call params and finds the tool among tools.
func parseToolCall(tools []Tool, params json.RawMessage) (toolCall, Tool, *rpcError) {
	var p toolCall
	if err := json.Unmarshal(params, &p); err != nil || p.Name == "" {
		return p, Tool{}, &rpcError{Code: -32602, Message: "tools/call needs params {name, arguments}"}
	}
	for _, t := range tools {
		if t.Name == p.Name {
			return p, t, nil
		}
	}
	return p, Tool{}, &rpcError{Code: -32602, Message: "unknown tool " + strconv.Quote(p.Name)}
}
