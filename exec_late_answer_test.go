package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer that comes after --timeout gave up on its request is said
// under the command it came during: exec said nothing of it, and the user
// never learned that a longer --timeout would have had it.
func TestExecLateAnswerIsSaid(t *testing.T) {
	held := make(chan json.RawMessage, 1)
	answered := make(chan string, 1)
	srv := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "tools/list":
			held <- c.ID // taken, and answered only once ping comes
			return
		case "ping":
			select {
			case late := <-held:
				c.ReplyBefore202(`{"jsonrpc":"2.0","id":` + string(late) + `,"result":{"tools":[]}}`)
				answered <- string(late)
			default:
			}
		}
		c.Default()
	}})
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", "--timeout", "300ms", srv.URL+"/sse", "tools/list", "ping")
	said := out + errOut
	var id string
	select {
	case id = <-answered:
	default:
		t.Fatalf("the held tools/list was never answered\n%s\n%s", out, errOut)
	}
	if code != exitFailed || !strings.Contains(said, "no answer to tools/list (id "+id+")") || !strings.Contains(said, "the answer to request id "+id+" came after --timeout had given up on it") {
		t.Errorf("exit %d, want %d and the late answer said\n%s\n%s", code, exitFailed, out, errOut)
	}
}
