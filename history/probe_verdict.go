package history

import "github.com/mcpscope/mcpscope/mcp"

// ProbeVerdict reports an error record that is a step of detection rather
// than an error of the session: a probe the server answered (a 2025
// server's 400 to server/discover), or one that ended its request, whose
// row tells it (StateProbe). Neither the status bar (Log.onError) nor the
// sessions listing counts one; a probe that got no answer and ended no
// request (a refused connect) is an error to both. A proxy before the
// probe's refusal in JSON was logged as the probe's logged it as a failed
// POST whose purpose was the probe: its recordings read alike.
func ProbeVerdict(e *mcp.ErrorInfo) bool {
	probe := e.Op == mcp.OpProbe || e.Op == mcp.OpPost && e.Purpose == mcp.PurposeProbe
	// A probe redirected is no verdict: the client sends it again where
	// the redirect points, where it gets one.
	return probe && (e.Status != 0 || e.ReqSeq != 0) && e.Cause != mcp.CauseRedirected
}
