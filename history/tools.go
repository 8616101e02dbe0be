package history

import (
	"encoding/json"
	"fmt"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// toolIndex follows tools/list answers. A listing is the answer to a
// tools/list without a cursor plus the pages fetched with the nextCursor each
// page gave; the newest complete listing is what completion offers.
type toolIndex struct {
	cur      []mcp.Tool // the listing being assembled
	next     string     // the cursor that continues cur
	done     []mcp.Tool // the newest complete listing
	haveDone bool
}

func (t *toolIndex) page(req, resp *mcp.Record) {
	tools, next, err := parseToolsPage(resp.RPC.Raw)
	if err != nil {
		return
	}
	cursor := requestCursor(req)
	if cursor != "" && cursor != t.next {
		// A page of a listing whose start is not here: it says nothing
		// about the whole list unless there is nothing better.
		if t.haveDone {
			return
		}
		t.cur = nil
	}
	if cursor == "" {
		t.cur = nil
	}
	t.cur = append(t.cur, tools...)
	t.next = next
	// Until one listing completes, a partial one is better than nothing to
	// complete tool names from.
	if next == "" || !t.haveDone {
		t.done = t.cur[:len(t.cur):len(t.cur)]
		t.haveDone = next == ""
	}
	if next == "" {
		t.cur = nil
	}
}

// Tools returns the tools of the newest complete tools/list answer (all pages
// of the newest listing); before any listing completed, the pages so far.
func (l *Log) Tools() []mcp.Tool { return l.tools.done }

// parseToolsPage reads one tools/list answer: its tools and its nextCursor.
// jsonspan, not encoding/json, finds the result: one tool's schema nested
// past encoding/json's depth limit must not hide every tool.
func parseToolsPage(raw mcp.Raw) ([]mcp.Tool, string, error) {
	doc, err := jsonspan.Parse([]byte(raw), jsonspan.Limits{Depth: 1})
	if err != nil {
		return nil, "", fmt.Errorf("tools/list answer: %w", err)
	}
	result := doc.Root().Get("result")
	if !result.Exists() {
		return nil, "", fmt.Errorf("tools/list answer has no result")
	}
	page, err := mcp.ParseTools(result.Raw())
	return page.Tools, page.NextCursor, err
}

// requestCursor is the cursor a tools/list request asked for, if any.
func requestCursor(req *mcp.Record) string {
	if req == nil || req.RPC == nil {
		return ""
	}
	var v struct {
		Params struct {
			Cursor string `json:"cursor"`
		} `json:"params"`
	}
	if json.Unmarshal([]byte(req.RPC.Raw), &v) != nil {
		return ""
	}
	return v.Params.Cursor
}
