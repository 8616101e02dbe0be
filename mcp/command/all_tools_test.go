package command

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A merged tools/list --all carries the tools as the 2026 session read
// them, each marked with why its x-mcp-header annotations make it
// unusable, as one page does: what prints it need not check every schema
// again. The merged answer carried only its bytes, so printing it read
// them again and worked out every tool's headers a second time.
func TestAllToolsCarriesTheMarks(t *testing.T) {
	bad := mcptest.InvalidHeaderTools()
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Tools: append(mcptest.StatelessTools(), bad...), ToolPages: 3})
	s, _ := open(t, srv.Endpoint())
	r, _, err := runLine(t, s, "tools/list --all")
	if err != nil {
		t.Fatalf("tools/list --all: %v", err)
	}
	page, err := r.Tools()
	if err != nil || !page.HeadersRead {
		t.Fatalf("the merged page, read %v (%v), does not say its headers were read", page.HeadersRead, err)
	}
	marked := 0
	for _, tool := range page.Tools {
		if tool.Invalid != "" {
			marked++
		}
	}
	if want := len(mcptest.StatelessTools()) + len(bad); len(page.Tools) != want || marked != len(bad) {
		t.Errorf("the merged page holds %d tools, %d marked; want %d, %d marked", len(page.Tools), marked, want, len(bad))
	}
}
