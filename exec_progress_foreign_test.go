package main

import (
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A notifications/progress for a token no request of ours named (a bridge
// sharing one upstream broadcasts another client's) is said once, as not
// ours, where exec said nothing of it, and then, the server repeating its
// progress, that "request" "other-7"'s progress failed to increase, naming
// a token as a request of ours. Our own call's progress is not said.
func TestExecSaysProgressForATokenNotOurs(t *testing.T) {
	progress := func(token string, n int) string {
		return "event: message\ndata: " + `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":` + token + `,"progress":` + string(rune('0'+n)) + `,"total":2}}` + "\n\n"
	}
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.WriteRaw(progress(`"other-7\u001b[31m"`, 1))
		_ = x.WriteRaw(progress(string(x.ID), 1))
		_ = x.WriteRaw(progress(`"other-7\u001b[31m"`, 1))
		_ = x.WriteRaw(progress(string(x.ID), 2))
		x.Result(mcptest.TextResult("done", false))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--no-listen", srv.Endpoint(), "tools/call echo text=hi", "tools/call echo text=hi")
	want := `· progress came for token "other-7\u001b[31m", which no request of ours waiting for its answer owns: another client's`
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want one %q:\n%s\n%s", code, want, out, errOut)
	}
	if strings.Contains(out, "went from") || strings.Contains(out, "\x1b") || strings.Count(out, "progress came") != 1 {
		t.Errorf("our own progress said, the foreign one's read as a request's, or raw control bytes:\n%q", out)
	}
}

// A notifications/progress for the token of a request of ours already
// answered is said as the TUI marks it, a foreign token: no pending
// request owns it. exec called only a token none of its requests ever
// named foreign, and said nothing of one that came late.
func TestExecSaysProgressAfterItsRequestsAnswer(t *testing.T) {
	srv, first := progressAfterAnswer(t, func(x *mcptest.Exchange) { x.Result(mcptest.TextResult("done", false)) })
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--no-listen", srv.Endpoint(), "tools/call echo text=hi", "tools/call echo text=hi")
	want := "· progress came for token " + first() + ", which no request of ours waiting for its answer owns: another client's (through a bridge that shares one upstream?), or late, after its request was answered"
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want one %q:\n%s\n%s", code, want, out, errOut)
	}
}

// progressAfterAnswer serves tools/call: the first call is answered by
// answer, and the second gets a notifications/progress for the first's
// token (its id) before its own answer. first is the first call's id.
func progressAfterAnswer(t *testing.T, answer func(x *mcptest.Exchange)) (srv *mcptest.StreamableServer, first func() string) {
	var mu sync.Mutex // the calls' handlers run on the server's goroutines
	var id string
	srv = mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		mu.Lock()
		if id == "" {
			id = string(x.ID)
			mu.Unlock()
			answer(x)
			return
		}
		token := id
		mu.Unlock()
		x.SSE()
		_ = x.WriteRaw("event: message\ndata: " + `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":` + token + `,"progress":1}}` + "\n\n")
		x.Result(mcptest.TextResult("done", false))
	})
	return srv, func() string {
		mu.Lock()
		defer mu.Unlock()
		return id
	}
}

// A server flooding progress for tokens it made up printed a line for
// each, alike but for the token (2,000 lines, the notes' bound): the first
// few are named, and the rest are one line with their count.
func TestExecFoldsAFloodOfProgressNotOurs(t *testing.T) {
	const tokens = 50
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		for i := range tokens {
			_ = x.WriteRaw("event: message\ndata: " + `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"made-up-` + strconv.Itoa(i) + `","progress":1}}` + "\n\n")
		}
		x.Result(mcptest.TextResult("done", false))
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--no-listen", srv.Endpoint(), "tools/call echo text=hi")
	if code != exitOK || strings.Count(out, "· progress came for token") != maxForeignNamed {
		t.Errorf("exit %d, want the first %d tokens named, one line each:\n%s\n%s", code, maxForeignNamed, out, errOut)
	}
	if want := "· " + foreignProgressMore + " ×" + strconv.Itoa(tokens-maxForeignNamed); !strings.Contains(out, want) {
		t.Errorf("the rest of the flood is not one counted line %q:\n%s", want, out)
	}
}
