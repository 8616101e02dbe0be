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
	if p.method != "tools/call" || m.RPCError || len(l.Tools()) == 0 {
		return
	}
	res, ok := mcp.Members([]byte(m.Raw), "result")
	if !ok || res[0] == nil {
		return
	}
	if note := command.OutputMismatch(l.Tools(), p.tool, res[0]); note != "" {
		p.extra().output = note
	}
}
