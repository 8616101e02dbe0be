package main

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// settlingOn serves a legacy SSE fake whose initialize settles on version,
// whatever was offered, as the server named name; it returns its SSE URL.
func settlingOn(t *testing.T, version, name string) string {
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "initialize" {
			c.Result(map[string]any{"protocolVersion": version, "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": name, "version": "1"}})
			return
		}
		c.Default()
	}})
	return srv.SSEURL()
}
