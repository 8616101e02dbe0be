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
	if t := mcp.FindTool(l.Tools(), p.tool); t == nil || len(t.OutputSchema) == 0 {
		// Most tools have no outputSchema: their answers, which may be
		// megabytes, are not copied and scanned for a result to check
		// on the update loop.
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
