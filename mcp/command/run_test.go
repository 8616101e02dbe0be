package command

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Run coerces key=value words with the tool's schema, over a real session.
func TestRunOnALiveSession(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
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
	// Do coerces key=value words with the tool's schema: add takes numbers.
	c, err := ParseCommand("tools/call add a=2 b=40")
	if err != nil {
		t.Fatal(err)
	}
	resp, warnings, err := Run(ctx, s, c)
	if err != nil || len(warnings) != 0 {
		t.Fatalf("Do(%q) = %v, warnings %v", c.Line, err, warnings)
	}
	if !strings.Contains(string(resp.Result), "42") {
		t.Errorf("add 2 40 answered %s", resp.Result)
	}

	// An unknown tool is still sent, with a warning naming the known ones.
	c, _ = ParseCommand("tools/call nosuch x=1")
	_, warnings, _ = Run(ctx, s, c)
	if len(warnings) == 0 || !strings.Contains(warnings[0].Message, "not in tools/list") {
		t.Errorf("unknown tool warnings %v", warnings)
	}

	// A bad value is a usage error and nothing is sent.
	c, _ = ParseCommand("tools/call add a=two b=1")
	_, _, err = Run(ctx, s, c)
	if _, ok := err.(*UsageError); !ok || !strings.Contains(err.Error(), "a:") {
		t.Errorf("bad value: %v, want a UsageError naming the key", err)
	}

	// Two cursors are refused, not read as none (which lists page 1).
	c, _ = ParseCommand("tools/list cursor=a cursor=b")
	if _, _, err = Run(ctx, s, c); !strings.Contains(fmt.Sprint(err), "one cursor") {
		t.Errorf("two cursors: %v, want a usage error", err)
	}
}
