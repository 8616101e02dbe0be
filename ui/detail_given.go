package ui

import (
	"fmt"
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
// a key's line has room beside its cut for clip.Quote's size mark. Like
// the export, it shows the first history.GivenMost in key order and
// counts the rest: a server may ask a round thousands of questions.
func (in *detailInput) givenLines(out []string, e *mcp.ErrorInfo) []string {
	keys := slices.Sorted(maps.Keys(e.Given))
	for _, key := range keys[:min(len(keys), history.GivenMost)] {
		out = in.labelled(out, "given", keyShown(key, history.GivenKeyLimit)+": "+wireLine(string(e.Given[key]), history.GivenLimit), in.st.Row.Render)
	}
	if more := len(keys) - history.GivenMost; more > 0 {
		out = in.labelled(out, "given", fmt.Sprintf("… %d more", more), in.st.Dim.Render)
	}
	return out
}
