package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A log message whose level is a number or no log level's name, or whose
// logger is an object, is printed with its text and says what is odd: a
// level of 5 used to print as a bare "notifications/message", its text
// lost, and a level of "loud" as an ordinary log line.
func TestExecSaysWhatIsOddInALogLevel(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "tools/call" {
			x.Default()
			return
		}
		_ = x.Notify("notifications/message", map[string]any{"level": 5, "logger": map[string]any{"o": "\x1b[2J"}, "data": "disk full"})
		_ = x.Notify("notifications/message", map[string]any{"level": "loud\x1b]0;pwned\x07", "logger": "db", "data": "cache cold"})
		_ = x.Log("info", "plain")
		x.Result(mcptest.TextResult("done", false))
	}})
	out, errOut, code := run(t, "exec", "--no-record", srv.URL+"/mcp", "tools/call anything")
	for _, want := range []string{
		"· log 5: disk full (its level is an integer, where a string belongs; its logger is an object, where a string belongs)\n",
		"· log loud db: cache cold (its level is none of debug, info, notice, warning, error, critical, alert, emergency)\n",
		"· log info fake: plain\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("exit %d; want the line %q\n%s\n%s", code, want, out, errOut)
		}
	}
	if strings.Contains(out, "\x1b") || strings.Contains(out, "pwned") {
		t.Errorf("the server's escapes reached the terminal:\n%q", out)
	}
}
