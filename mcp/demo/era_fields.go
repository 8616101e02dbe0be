package demo

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/mcpscope/mcpscope/internal/jsonspan"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fields2026 are the members of a result that 2026-07-28 brought and the
// SDK (v1.8.0) writes on every era, having no omitempty: a 2025 session's
// tools/list answer carried "ttlMs":0,"cacheScope":"public", which no 2025
// revision defines, and the demo is meant to show a correct server.
var fields2026 = []string{"ttlMs", "cacheScope"}

// versioned is what the SDK's requests tell of the protocol version they
// were sent under (the request's _meta in 2026, the session's otherwise).
type versioned interface{ ProtocolVersion() string }

// eraFields keeps 2026-07-28's cache fields off the results of a request
// of an older era; a 2026 request's results keep them.
func eraFields(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if _, ok := res.(mcp.CacheableResult); !ok || err != nil {
			return res, err
		}
		if v, ok := req.(versioned); ok && v.ProtocolVersion() >= protocol2026 {
			return res, nil
		}
		return without2026Fields{res}, nil
	}
}

// without2026Fields is a result written as the SDK writes it, less
// fields2026. It embeds the result so that it still is one to the SDK.
type without2026Fields struct{ mcp.Result }

// MarshalJSON writes the result's members as the SDK writes them, in its
// order, less fields2026.
func (r without2026Fields) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(r.Result)
	if err != nil {
		return nil, err
	}
	return jsonspan.DropMembers(b, func(key string) bool { return slices.Contains(fields2026, key) }), nil
}
