package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// BenchmarkListToolsManyPages follows a listing of 50 pages of 1,000
// tools each, as a server with thousands of tools serves it: the pages
// are learnt together once, where merged one by one they searched and
// copied the list for every page.
func BenchmarkListToolsManyPages(b *testing.B) {
	tools := make([]mcptest.Tool, 50_000)
	for i := range tools {
		tools[i] = mcptest.Tool{Name: fmt.Sprintf("tool-%d", i), InputSchema: json.RawMessage(`{"type":"object"}`)}
	}
	srv := mcptest.New(b, mcptest.Options{Tools: tools, ToolPages: 50})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s := NewSession(Config{URL: srv.URL, Transport: TransportSSE})
	collect(s)
	defer s.Close()
	if err := s.Connect(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := s.Initialize(ctx); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		all, _, err := s.ListTools(ctx, true)
		if err != nil || len(all) != len(tools) {
			b.Fatalf("listed %d tools, err %v", len(all), err)
		}
	}
}
