package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// runLate runs tools/list and ping with exec against lateAnswerServer,
// and returns what exec said, its exit code and the late answer's id.
func runLate(t *testing.T, refuse bool, timeout string) (said string, code int, id string) {
	t.Helper()
	srv, answered := lateAnswerServer(t, refuse)
	out, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", "--timeout", timeout, srv.URL+"/sse", "tools/list", "ping")
	said = out + "\n" + errOut
	select {
	case id = <-answered:
	default:
		t.Fatalf("the held tools/list was never answered\n%s", said)
	}
	return said, code, id
}

// lateAnswerServer is a legacy fake that holds the answer to tools/list
// until ping comes, and then sends it: after its request was given up on.
// With refuse, tools/list's POST is answered 500 as well. answered gets
// the held request's id once its answer is sent.
func lateAnswerServer(t *testing.T, refuse bool) (srv *mcptest.Server, answered chan string) {
	held := make(chan json.RawMessage, 1)
	answered = make(chan string, 1)
	srv = mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
		switch c.Method {
		case "tools/list":
			held <- c.ID // taken, and answered only once ping comes
			if refuse {
				c.Status(500, "text/plain", "busy")
			}
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
	return srv, answered
}

// An answer that comes after --timeout gave up on its request is said
// under the command it came during: exec said nothing of it, and the user
// never learned that a longer --timeout would have had it. It names its
// request as the timeout did, and how long after the answer came: it read
// "the answer to request id 7", which the person had to match by its id.
func TestExecLateAnswerIsSaid(t *testing.T) {
	said, code, id := runLate(t, false, "300ms")
	late := regexp.MustCompile(`the answer to tools/list \(id ` + regexp.QuoteMeta(id) + `\) came [0-9.]+(µs|ms|s) after --timeout had given up on it`)
	if code != exitFailed || !strings.Contains(said, "no answer to tools/list (id "+id+")") || !late.MatchString(said) {
		t.Errorf("exit %d, want %d and the late answer said\n%s", code, exitFailed, said)
	}
}

// An answer that comes after its request's POST failed is late too, but no
// --timeout was at fault: its line said "a longer --timeout waits for it"
// of a request no timeout gave up on. It says the send failed.
func TestExecLateAnswerAfterFailedSendNamesNoTimeout(t *testing.T) {
	said, _, id := runLate(t, true, "5s")
	late := regexp.MustCompile(`the answer to tools/list \(id ` + regexp.QuoteMeta(id) + `\) came [0-9.]+(µs|ms|s) after sending it had failed`)
	if !late.MatchString(said) || strings.Contains(said, "longer --timeout") {
		t.Errorf("want the late answer said as one to a request whose send failed, without --timeout\n%s", said)
	}
}
