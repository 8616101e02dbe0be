package command

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that lists no tools gets a call of one named close to "none"
// warned of as unknown, with no "did you mean none?": "none" says the list
// is empty, it names no tool.
func TestRunUnknownToolWithNoToolsSuggestsNothing(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{Tools: []mcptest.Tool{}})
	s := mcp.NewSession(mcp.Config{URL: srv.URL})
	t.Cleanup(func() { s.Close() })
	go func() {
		for range s.Records() {
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Initialize(ctx); err != nil {
		t.Fatal(err)
	}
	c, err := ParseCommand("tools/call nonr")
	if err != nil {
		t.Fatal(err)
	}
	_, warnings, _ := Run(ctx, s, c)
	if len(warnings) == 0 || !strings.Contains(warnings[0].Message, `tool "nonr" is not in tools/list (none)`) {
		t.Errorf("warnings %v, want the first to say tool \"nonr\" is not in tools/list (none)", warnings)
	}
}
