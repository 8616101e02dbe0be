package history

import (
	"encoding/json"
	"fmt"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/mcpscope/mcpscope/mcp"
)

// emptyCursorNamed reports a 2026-07-28 session, where an empty cursor
// names a page (listing.answer).
func (l *Log) emptyCursorNamed() bool { return l.neg.transport == mcp.TransportStateless }

// Tools returns the tools of the newest complete tools/list answer (all pages
// of the newest listing); before any listing completed, the pages so far.
func (l *Log) Tools() []mcp.Tool { return l.tools.Tools() }

// ToolListing follows a session's tools/list answers page by page: a Log's
// own, and that of a reader of records that keeps no Log (the headless
// proxy's lines check a tool's result against its outputSchema with it).
type ToolListing struct{ li listing[mcp.Tool] }

// Answer takes a tools/list answer and the request it answers; an answer
// that cannot be read leaves what was known. modern says the session
// speaks 2026-07-28, where an empty cursor names a page.
func (t *ToolListing) Answer(req, resp *mcp.Record, modern bool) {
	if resp == nil || resp.RPC == nil {
		return
	}
	tools, result, next, err := parseToolsPage(resp.RPC.Raw)
	if err != nil {
		return
	}
	if modern {
		// A 2026 client leaves out a tool whose x-mcp-header annotations
		// break the rules: it is kept, marked with why, as the session
		// marks it.
		for i := range tools {
			tools[i].Invalid = mcp.HeaderProblem(tools[i].InputSchema)
		}
	}
	t.li.answer(req, result, tools, next, modern)
}

// Tools are the tools of the newest complete listing (all its pages);
// before any listing completed, the pages so far.
func (t *ToolListing) Tools() []mcp.Tool { return t.li.done }

// parseToolsPage reads one tools/list answer: its tools, its result and
// its nextCursor.
// jsonspan, not encoding/json, finds the result: one tool's schema nested
// past encoding/json's depth limit must not hide every tool.
func parseToolsPage(raw mcp.Raw) ([]mcp.Tool, []byte, string, error) {
	doc, err := jsonspan.Parse([]byte(raw), jsonspan.Limits{Depth: 1})
	if err != nil {
		return nil, nil, "", fmt.Errorf("tools/list answer: %w", err)
	}
	result := doc.Root().Get("result")
	if !result.Exists() {
		return nil, nil, "", fmt.Errorf("tools/list answer has no result")
	}
	page, err := mcp.ParseTools(result.Raw())
	return page.Tools, result.Raw(), page.NextCursor, err
}

// requestCursor is the cursor a list request asked with, the zero Cursor
// for none; emptyNamed says a "cursor":"" names a page (listing.answer).
func requestCursor(req *mcp.Record, emptyNamed bool) mcp.Cursor {
	if req == nil || req.RPC == nil {
		return mcp.Cursor{}
	}
	var v struct {
		Params struct {
			Cursor *string `json:"cursor"`
		} `json:"params"`
	}
	if json.Unmarshal([]byte(req.RPC.Raw), &v) != nil || v.Params.Cursor == nil {
		return mcp.Cursor{}
	}
	c := mcp.CursorAt(*v.Params.Cursor)
	c.Named = c.Named || emptyNamed
	return c
}
