package history

import "github.com/mcpscope/mcpscope/mcp"

// probeVerdict reports an error record that is a step of detection rather
// than an error of the session: a probe the server answered (a 2025
// server's 400 to server/discover), or one that ended its request, whose
// row tells it (StateProbe). Neither the status bar (Log.onError) nor the
// sessions listing counts one; a probe that got no answer and ended no
// request (a refused connect) is an error to both.
func probeVerdict(op string, status int, reqSeq int64) bool {
	return op == mcp.OpProbe && (status != 0 || reqSeq != 0)
}
