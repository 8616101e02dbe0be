package ui

import (
	"maps"
	"slices"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// givenLines are the answers a 2026 round was given before its asking
// ended (declined, left unanswered), under the failure that ended it: the
// round was not sent again, so no request shows them, and the user reads
// here what they gave. Server keys and user text alike go through
// wireLine, cut as the Markdown export cuts them (history.GivenLimit);
// a key's line has room beside its cut for clip.Quote's size mark.
func (in *detailInput) givenLines(out []string, e *mcp.ErrorInfo) []string {
	for _, key := range slices.Sorted(maps.Keys(e.Given)) {
		out = in.labelled(out, "given", keyShown(key, history.GivenKeyLimit)+": "+wireLine(string(e.Given[key]), history.GivenLimit), in.st.Row.Render)
	}
	return out
}
