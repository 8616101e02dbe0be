package main

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An unknown --theme is refused where no TUI loads it, as the TUI commands
// refuse it: proxy --headless ran with it silently ignored, and replay
// --against did too.
func TestUnknownThemeIsRefusedWithoutATUI(t *testing.T) {
	stateDir(t)
	t.Setenv("MCPSCOPE_CONFIG_DIR", t.TempDir())
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	for _, args := range [][]string{
		{"proxy", "--headless", "--listen", "127.0.0.1:0", "--theme", "nope", up.Endpoint()},
		{"replay", "no-such-file.jsonl", "--against", up.Endpoint(), "--theme", "nope"},
	} {
		type result struct {
			errOut string
			code   int
		}
		done := make(chan result, 1)
		go func() {
			_, errOut, code := run(t, args...)
			done <- result{errOut, code}
		}()
		select {
		case r := <-done:
			if r.code != exitUsage || !strings.Contains(r.errOut, `unknown theme "nope" (available: default, dark,`) {
				t.Errorf("%v: exit %d %q, want %d and the themes there are", args, r.code, r.errOut, exitUsage)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%v: still running after 10s, the unknown theme ignored", args)
		}
	}
}
