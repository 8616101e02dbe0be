package advice

import "github.com/mcpscope/mcpscope/mcp"

// rpcTable is what a person can do about a JSON-RPC error the server
// answered, by code; mcp.RPCError.Meaning says what the error means.
var rpcTable = map[int]string{
	mcp.CodeUnsupportedVersion: "pin a version the server speaks with --protocol VERSION",
	mcp.CodeHeaderMismatch:     "compare the request's headers with its body: a proxy in between may rewrite or drop Mcp-* headers",
	mcp.CodeMissingCapability:  "the server needs a client capability the request did not declare (see _meta clientCapabilities in the request)",
	mcp.CodeMethodNotFound:     "2026 servers have no initialize, ping or logging/setLevel: server/discover opens the session, the log level travels in _meta",
	mcp.CodeInvalidParams:      "the params do not fit what the server expects: check them against the tool's inputSchema or the method's params",
}

// ForRPC returns the advice for a JSON-RPC error, or "" when the table has
// none.
func ForRPC(e *mcp.RPCError, _ Audience) string {
	if e == nil {
		return ""
	}
	return rpcTable[e.Code]
}
