package demo

import "testing"

// BenchmarkNewGateway measures what every legacy GET and every streamable
// session costs before its first message: building its MCP server with all
// its tools, resources and prompts.
func BenchmarkNewGateway(b *testing.B) {
	h := NewHandler(Options{})
	defer h.Close()
	b.ReportAllocs()
	for b.Loop() {
		h.newGateway(nil)
	}
}
