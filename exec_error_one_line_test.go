package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Every line exec prints about a failure (error, meaning, hint, and the
// failure to connect that main prints) is one line whatever the server's
// words in it hold: a JSON-RPC error message, the versions an error's data
// names, an HTTP error body. A line break there is shown (⏎), never a new
// line that reads as one exec wrote, as the notes already are.
func TestExecErrorLinesStayOnOneLine(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch x.Method {
		case "x/message":
			x.ErrorData(-32000, "first line\nerror: forged message", nil)
		case "x/versions":
			x.ErrorData(-32022, "unsupported", map[string]any{"supported": []string{"2026-07-28\n  hint: forged version"}, "requested": "x"})
		case "x/body":
			x.Status(500, "application/json", "{\"broken\":\n\"error: forged body\"}")
		default:
			x.Default()
		}
	}})
	refusing := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.ErrorData(-32603, "cannot start\nmcpscope: forged connect", nil)
	})
	check := func(name, out, errOut string, breaks int) {
		t.Helper()
		for _, line := range strings.Split(out+errOut, "\n") {
			if strings.Contains(line, "forged") && !strings.Contains(line, "⏎") && !strings.Contains(line, `\n`) {
				t.Errorf("%s: the server's line break started a line of its own %q:\n%s\n%s", name, line, out, errOut)
			}
		}
		if got := strings.Count(out+errOut, "⏎"); got < breaks {
			t.Errorf("%s: %d line breaks shown as ⏎, want at least %d:\n%s\n%s", name, got, breaks, out, errOut)
		}
	}
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL+"/mcp", "x/message", "x/versions", "x/body")
	if code != exitFailed {
		t.Errorf("exit %d, want %d", code, exitFailed)
	}
	// The message once; the version in the meaning and in the hint is no
	// version, quoted with its escapes ("\n") and cut with mcpscope's size
	// after the closing quote, and the body is quoted to
	// its first line by mcp, so they hold none.
	check("errors", out, errOut, 1)
	if got := strings.Count(out+errOut, `"2026-07-28\n  hint: forged versio"… (33 bytes)`); got != 2 {
		t.Errorf("the forged version is quoted with its escapes %d times, want in the meaning and in the hint:\n%s\n%s", got, out, errOut)
	}
	out, errOut, code = run(t, "exec", "--no-record", "--no-listen", refusing.URL+"/mcp", "tools/list")
	if code != exitConnect {
		t.Errorf("exit %d, want %d", code, exitConnect)
	}
	check("connect", out, errOut, 1)
}
