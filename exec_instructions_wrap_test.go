package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// On a terminal of 80 columns the server's instructions, the first long
// line exec prints (the demo's are a paragraph), are wrapped at spaces
// under their label: the terminal broke them mid-word at its left edge.
// Off a terminal they stay one line, for grep.
func TestExecInstructionsWrapToTheTerminal(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	out := execAtWidth(t, srv.SSEURL(), 80, "ping")
	start := strings.Index(out, "instructions: ")
	end := strings.Index(out, "── ping")
	if start < 0 || end < start {
		t.Fatalf("no instructions before the ping:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(out[start:end]), "\n")
	if len(lines) < 2 {
		t.Fatalf("the demo's instructions were not wrapped at 80 columns:\n%s", out)
	}
	indent := strings.Repeat(" ", len("instructions: "))
	for i, l := range lines {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("a line of %d columns, past the terminal's 80: %q", n, l)
		}
		if i > 0 && !strings.HasPrefix(l, indent) {
			t.Errorf("a wrapped line is not under the label's text: %q", l)
		}
	}
	if whole := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); !strings.Contains(whole, "cut_stream (drops its response stream so the client must resume)") {
		t.Errorf("the wrapped instructions lost words:\n%s", out[start:end])
	}

	piped, errOut, code := run(t, "exec", "--no-record", srv.SSEURL(), "ping")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if !strings.Contains(piped, "(drops its response stream so the client must resume). Resources:") {
		t.Errorf("off a terminal the instructions are not one line:\n%s", piped)
	}
}
