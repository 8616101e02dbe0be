package command

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Run coerces key=value words with the tool's schema, over a real session.
func TestRunOnALiveSession(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	s, _ := open(t, srv.URL)
	// Do coerces key=value words with the tool's schema: add takes numbers.
	resp, warnings, err := runLine(t, s, "tools/call add a=2 b=40")
	if err != nil || len(warnings) != 0 {
		t.Fatalf("Do(%q) = %v, warnings %v", "tools/call add a=2 b=40", err, warnings)
	}
	if !strings.Contains(string(resp.Result), "42") {
		t.Errorf("add 2 40 answered %s", resp.Result)
	}

	// An unknown tool is still sent, with a warning naming the known ones.
	_, warnings, _ = runLine(t, s, "tools/call nosuch x=1")
	if len(warnings) == 0 || !strings.Contains(warnings[0].Message, "not in tools/list") {
		t.Errorf("unknown tool warnings %v", warnings)
	}

	// A bad value is a usage error and nothing is sent.
	_, _, err = runLine(t, s, "tools/call add a=two b=1")
	if _, ok := err.(*UsageError); !ok || !strings.Contains(err.Error(), "a:") {
		t.Errorf("bad value: %v, want a UsageError naming the key", err)
	}

	// Two cursors are refused before sending, not read as none (which
	// lists page 1).
	if _, err = ParseCommand("tools/list cursor=a cursor=b"); !strings.Contains(fmt.Sprint(err), "one cursor") {
		t.Errorf("two cursors: %v, want a usage error", err)
	}
}
