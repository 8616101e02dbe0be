package main

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer whose body cannot be decoded (an encoding mcpscope did not ask
// for, or gzip that is not) fails that request: exit 1, as other
// unreadable answers, and the next command still runs on the session. It
// exited 3, a connection failure, and stopped there.
func TestExecUndecodableAnswerFailsOneRequest(t *testing.T) {
	for _, tc := range []struct{ encoding, want string }{
		{"br", `answered with Content-Encoding "br", which mcpscope did not ask for`},
		{"gzip", "the body is labelled Content-Encoding: gzip but does not decode"},
	} {
		t.Run(tc.encoding, func(t *testing.T) {
			var lists atomic.Int32
			srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
				if lists.Add(1) == 1 {
					x.Header().Set("Content-Encoding", tc.encoding)
					x.Status(200, "application/json", "this is not compressed at all")
					return
				}
				x.Result(map[string]any{"tools": []any{}})
			})
			out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/list", "tools/list")
			if code != exitFailed || !strings.Contains(out, tc.want) || !strings.Contains(out, "0 tools") {
				t.Errorf("exit %d, want %d, %q and the next tools/list answered\n%s\n%s", code, exitFailed, tc.want, out, errOut)
			}
		})
	}
}

// The same body on the answer that opens the session is a failed
// negotiation: exit 3, and nothing after it is sent.
func TestExecUndecodableOpeningIsAConnectionFailure(t *testing.T) {
	legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		if c.Method == "initialize" {
			c.Header().Set("Content-Encoding", "br")
			c.Status(202, "text/plain", "Accepted")
			return
		}
		c.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", legacy.SSEURL(), "tools/list")
	if code != exitConnect || !strings.Contains(out, `Content-Encoding "br"`) || strings.Contains(out, "── tools/list") {
		t.Errorf("exit %d, want %d, the encoding said and tools/list not sent\n%s\n%s", code, exitConnect, out, errOut)
	}
}
