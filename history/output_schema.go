package history

import (
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// outputCheck keeps on a tools/call's row what its result says against the
// outputSchema of its tool, as the newest tools/list before the answer
// gives it (command.OutputMismatch): read once as the answer is filed, the
// same for a live session, a proxied one and a replay of either, rather
// than on every frame that draws the row.
func (l *Log) outputCheck(p *row, m *mcp.RPCMessage) {
	if p.method != "tools/call" || m.RPCError {
		return
	}
	if !HasOutputSchema(l.Tools(), p.tool) {
		// Most tools have none: their answers, which may be megabytes,
		// are not copied and scanned for a result to check on the
		// update loop.
		return
	}
	res, ok := mcp.Members(bytesOf(string(m.Raw)), "result")
	if !ok || res[0] == nil {
		return
	}
	if note := command.OutputMismatch(l.Tools(), p.tool, res[0]); note != "" {
		p.extra().output = note
	}
}

// HasOutputSchema reports whether tools give the tool named an outputSchema
// to check its results against (command.OutputMismatch): a reader of a
// tools/call answer looks into it for the check only then.
func HasOutputSchema(tools []mcp.Tool, name string) bool {
	t := mcp.FindTool(tools, name)
	return t != nil && len(t.OutputSchema) > 0
}
