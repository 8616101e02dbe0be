package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// One very long tool name does not set the width every row of a listing
// is padded to: beside a name of 900,000 characters, 20 short tools cost
// what the server sent, not the name's length twice per tool (their line
// and their arguments' line), and past a million characters (fmt's limit
// on a width) no row comes out as %!(BADWIDTH).
func TestExecListingAHugeNameDoesNotPadEveryRow(t *testing.T) {
	for _, n := range []int{900_000, 2_000_000} {
		long := strings.Repeat("N", n)
		tools := []mcptest.Tool{{Name: long, InputSchema: json.RawMessage(`{"type":"object"}`)}}
		for i := range 20 {
			tools = append(tools, mcptest.Tool{Name: fmt.Sprintf("t%d", i), Description: "short",
				InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}}}`)})
		}
		srv := mcptest.New(t, mcptest.Options{Tools: tools})
		out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "tools/list")
		if code != exitOK {
			t.Fatalf("exit %d\n%s", code, errOut)
		}
		if i := strings.Index(out, "%!"); i >= 0 {
			t.Errorf("a name of %d characters: tools/list printed a fmt error: %q", n, out[i:min(len(out), i+40)])
		}
		if len(out) > n+10_000 {
			t.Errorf("a name of %d characters: tools/list printed %d bytes for it and 20 short tools: the rows were padded to the long name", n, len(out))
		}
		if !strings.Contains(out, "\nt7 ") || !strings.Contains(out, "short") {
			t.Errorf("a name of %d characters: tools/list lost the short tools:\n%s", n, out[max(0, len(out)-2000):])
		}
	}
}

// A prompt message's later lines are indented under its role, but a role
// of thousands of characters does not indent each of thousands of lines by
// that much: the conversation costs what the server sent, not role times
// lines.
func TestExecConversationALongRoleDoesNotIndentEveryLine(t *testing.T) {
	role := strings.Repeat("r", 5000)
	text := strings.Repeat("x\n", 5000)
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method != "prompts/get" {
			c.Default()
			return
		}
		c.Result(map[string]any{"messages": []map[string]any{{"role": role, "content": map[string]any{"type": "text", "text": text}}}})
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "prompts/get p")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if len(out) > 200_000 {
		t.Errorf("prompts/get printed %d bytes for a %d-byte role and %d lines", len(out), len(role), 5000)
	}
	// A role of neither user nor assistant is said so after it.
	if !strings.Contains(out, role+" (not user or assistant): x\n") || strings.Count(out, "x\n") < 5000 {
		t.Errorf("prompts/get lost the role or the lines: %d lines of x", strings.Count(out, "x\n"))
	}
}
