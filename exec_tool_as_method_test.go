package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A tool's name typed where the method goes ("greet name=Ann") is said to
// be a tool, with the command meant, as the TUI says it: exec sent it with
// no word, and the server's "greet unsupported" did not say what was meant.
func TestExecSaysAToolTypedAsAMethod(t *testing.T) {
	// The guess waits for the tools listed however slow the machine is:
	// the words said when its short wait runs out are TestRunWordAsMethod
	// WithHangingToolsList's (mcp/command).
	setFor(t, &command.ToolGuessWait, time.Minute)
	srv := demotest.Start(t, demo.Options{})
	for _, url := range []string{srv.SSEURL(), srv.MCPURL(), srv.StatelessURL()} {
		_, errOut, code := run(t, "exec", "--no-record", url, "greet", "name=Ann")
		if code != exitFailed {
			t.Errorf("%s: exit %d, want %d (the server refuses the method)", url, code, exitFailed)
		}
		if want := "warning: greet is a tool, not a method: did you mean tools/call greet name=Ann?"; !strings.Contains(errOut, want) {
			t.Errorf("%s: stderr %q does not say %q", url, errOut, want)
		}
	}
}
