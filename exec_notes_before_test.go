package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// List changes a server sends on its GET stream right after initialize
// (as server-everything does, registering tools for the client's
// capabilities) came before the first command was sent: they print under
// its heading, said to have come before it, not as if it caused them. The
// fake pings after them on the same stream and answers exec's tools/list
// only once the ping is answered, so they are in before tools/call goes.
func TestExecSaysNotesBeforeTheCommandWasSent(t *testing.T) {
	srv := changesBeforeCall(t, true)
	execShows(t, exitOK, "── tools/call anything\n"+
		"· notifications/tools/list_changed ×5 (came before tools/call anything was sent)\n"+
		"· log info: working\n"+
		"done\n",
		"exec", "--no-record", srv.URL+"/mcp", "tools/call anything")
}

// A call that never got its answer (given up on with ctrl+c, or past
// --timeout) has no answer to say which request it sent: the list changes
// that came before it was sent are still said to have, as they are for a
// call answered (server-everything's before a long-running operation
// cancelled), and its own log message still is not. --timeout bounds
// every request, the initialize and the tools/list (a GET stream and a
// ping's round trip) too: 2s, not a fraction of one, which a loaded
// -race run can spend before the call is sent.
func TestExecSaysNotesBeforeACallUnanswered(t *testing.T) {
	srv := changesBeforeCall(t, false)
	execShows(t, exitFailed, "── tools/call anything\n"+
		"· notifications/tools/list_changed ×5 (came before tools/call anything was sent)\n"+
		"· log info: working\n",
		"exec", "--no-record", "--timeout", "2s", srv.URL+"/mcp", "tools/call anything")
}

// changesBeforeCall is a server that announces five tool list changes on
// its GET stream while answering tools/list, and logs "working" while
// answering tools/call, which it then answers "done" when answer is set,
// never otherwise.
func changesBeforeCall(t *testing.T, answer bool) *mcptest.StreamableServer {
	return mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch {
		case x.Kind == mcptest.KindRequest && x.Method == "tools/list":
			if x.Session.WaitGET(x.Context()) != nil {
				return
			}
			for range 5 {
				_ = x.Session.Notify("notifications/tools/list_changed", nil)
			}
			if x.Session.Ping(x.Context()) != nil {
				return
			}
			x.Default()
		case x.Kind == mcptest.KindRequest && x.Method == "tools/call":
			_ = x.Notify("notifications/message", map[string]any{"level": "info", "data": "working"})
			if !answer {
				<-x.Context().Done()
				return
			}
			x.Result(mcptest.TextResult("done", false))
		default:
			x.Default()
		}
	}})
}

// A listing with --all is one command of several requests: a log message
// the server sends with its first page came after the command was sent,
// though before the last page was asked for, and is not said to have come
// before the command.
func TestExecNotesDuringLaterPagesAreTheListings(t *testing.T) {
	stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		if x.Kind != mcptest.KindRequest || x.Method != "resources/list" {
			x.Default()
			return
		}
		if !strings.Contains(string(x.Params), `"cursor"`) {
			_ = x.Log("info", "reading page 1")
			x.Result(map[string]any{"resources": []map[string]any{{"uri": "demo://one", "name": "one"}}, "nextCursor": "p2"})
			return
		}
		x.Result(map[string]any{"resources": []map[string]any{{"uri": "demo://two", "name": "two"}}})
	}})
	out, errOut, code := run(t, "exec", "--no-get-stream", srv.Endpoint(), "tools/list", "resources/list --all")
	if code != exitOK || !strings.Contains(out, "demo://two") || !strings.Contains(out, "reading page 1") {
		t.Fatalf("exec exit %d\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(out, "came before") {
		t.Errorf("a log message sent with the first page is said to have come before the listing:\n%s", out)
	}
}

// The session's own listen stream opens before the first command, and may
// be read after the opening's notes were printed: a subscriptions/listen
// typed as that command began at its own request, not the session's, so a
// log message between the two came before it.
func TestNotesBeforeATypedListenAreNotTheSessionsListens(t *testing.T) {
	n := newNotes("")
	listen := func(seq int64, typed bool) mcp.Record {
		return mcp.Record{Seq: seq, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, Method: mcp.ListenMethod, UserStream: typed,
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen"}`)}}
	}
	n.record(listen(1, false))
	n.record(mcp.Record{Seq: 2, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification, Method: "notifications/message",
		Raw: mcp.Raw(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"early"}}`)}})
	n.record(listen(3, true))
	want := "log info: early (came before subscriptions/listen was sent)"
	if got := strings.Join(n.take(mcp.ListenMethod, "subscriptions/listen", false), "\n"); got != want {
		t.Errorf("notes before a typed listen read %q, want %q", got, want)
	}
}
