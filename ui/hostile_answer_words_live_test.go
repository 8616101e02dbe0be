package ui

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// startLiveKept is startLive on a streamable session of srv whose records
// are also kept: records() is what the TUI was handed so far, for a replay
// of the same session.
func startLiveKept(t *testing.T, srv *mcptest.StreamableServer) (l *live, records func() []mcp.Record) {
	t.Helper()
	cfg := mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true}
	s, answers := liveSession(t, cfg)
	var mu sync.Mutex
	var kept []mcp.Record
	fwd := make(chan []mcp.Record)
	go func() {
		defer close(fwd)
		for b := range s.Records() {
			mu.Lock()
			kept = append(kept, b...)
			mu.Unlock()
			select {
			case fwd <- b:
			case <-t.Context().Done():
				for range s.Records() {
				}
				return
			}
		}
	}()
	m := New(Options{Records: fwd, Backend: command.Runner{Session: s}, Styles: testStyles(), URL: cfg.URL, Transport: cfg.Transport, Answers: answers})
	l = runLive(t, m, s)
	go func() { _ = s.Connect(t.Context()) }()
	return l, func() []mcp.Record {
		mu.Lock()
		defer mu.Unlock()
		return append([]mcp.Record(nil), kept...)
	}
}

// callSeen runs tools/call echo against srv, waits for its row in state
// and the status line to say status, and returns the call's id and what Detail shows of its row live, and
// Detail and Pairs in a replay of the session's records: Detail's words
// each on one line.
func callSeen(t *testing.T, srv *mcptest.StreamableServer, state, status string) (id, detail, replayed, replayPairs string) {
	t.Helper()
	l, records := startLiveKept(t, srv)
	l.waitFor("● initialized")
	l.command("tools/call echo text=hi")
	l.waitFor(status)
	l.waitRowState("tools/call echo", state)
	m := l.quit()
	words := func(m *Model, log *history.Log) string {
		for i := 0; i < log.PairCount(); i++ {
			if p := log.Pair(i); p.Method == "tools/call" {
				id = p.ID
				return strings.Join(strings.Fields(ansi.Strip(strings.Join(detailOf(m, log, i), "\n"))), " ")
			}
		}
		t.Fatal("no tools/call row")
		return ""
	}
	detail = words(m, m.com.log)
	r := replayAtEnd(t, history.NewPlayer(history.Header{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, records()), 160, 45)
	replayPairs = ansi.Strip(strings.Join(r.pairs.view(false), "\n"))
	replayed = words(r, r.com.log)
	return id, detail, replayed, replayPairs
}

// What exec says of a hostile answer, the TUI says in the same words at
// the top of the call's Detail, live and in a replay of the session, and
// its row is no plain "✓ ok" where that reads as nothing amiss: a result
// of null or a string (the status line says it too, where "ok" read as an
// answer with nothing to show), an answer after the server's notifications/cancelled
// named the call, progress that goes back (its bar clamped it, and Detail
// showed only the last progress).
func TestLiveHostileAnswerIsSaid(t *testing.T) {
	for _, tc := range []struct {
		name, state, status string
		handle              func(x *mcptest.Exchange)
		words               func(id string) string
	}{
		{
			name: "null result", state: "⚠ ok null?", status: "tools/call echo: the result is null, which names no content",
			handle: func(x *mcptest.Exchange) { x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":null}`) },
			words: func(string) string {
				return "⚠ the result is null, which names no content: a JSON-RPC result must be there, and an MCP result is an object"
			},
		},
		{
			name: "string result", state: "⚠ ok shape?", status: "tools/call echo: the tools/call result is a string, not an object",
			handle: func(x *mcptest.Exchange) { x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":"hello"}`) },
			words: func(string) string {
				return "⚠ the tools/call result is a string, not an object: an MCP result is an object, and nothing in this one can be read"
			},
		},
		{
			name: "answered anyway", state: "⚠ ok anyway", status: "tools/call echo: ok",
			handle: func(x *mcptest.Exchange) {
				x.SSE()
				_ = x.Notify("notifications/cancelled", map[string]any{"requestId": x.ID, "reason": "gave up"})
				x.Result(mcptest.TextResult("done anyway", false))
			},
			words: func(id string) string {
				return "⚠ the server answered request " + id + " anyway, after saying it cancelled it"
			},
		},
		{
			// The cancellation names our 1 as 1.0, which pairs with it:
			// the words quote the id as the cancellation wrote it, as
			// exec does and as the cancellation's own row reads.
			name: "answered anyway, the id spelt otherwise", state: "⚠ ok anyway", status: "tools/call echo: ok",
			handle: func(x *mcptest.Exchange) {
				x.SSE()
				_ = x.Notify("notifications/cancelled", map[string]any{"requestId": json.RawMessage(string(x.ID) + ".0"), "reason": "gave up"})
				x.Result(mcptest.TextResult("done anyway", false))
			},
			words: func(id string) string {
				return "⚠ the server answered request " + id + ".0 anyway, after saying it cancelled it"
			},
		},
		{
			name: "progress goes back", state: "✓ ok", status: "tools/call echo: ",
			handle: func(x *mcptest.Exchange) {
				x.SSE()
				for _, at := range []float64{5, 3, 2} {
					_ = x.Progress(at, 10, "")
				}
				x.Result(mcptest.TextResult("done", false))
			},
			words: func(id string) string {
				return "⚠ the server's progress for request " + id + ": progress went from 5 to 3: the specification has it increase with each notification"
			},
		},
	} {
		id, detail, replayed, pairs := callSeen(t, mcptest.OnMethod(t, "tools/call", tc.handle), tc.state, tc.status)
		words := tc.words(id)
		if strings.Count(detail, words) != 1 || strings.Count(replayed, words) != 1 {
			t.Errorf("%s: Detail does not say %q once\nlive: %s\nreplayed: %s", tc.name, words, detail, replayed)
		}
		if top := strings.Index(detail, words); top > strings.Index(detail, "── Request") {
			t.Errorf("%s: the warning is not at the top of Detail:\n%s", tc.name, detail)
		}
		if !strings.Contains(pairs, tc.state) {
			t.Errorf("%s: the replay's row does not read %s:\n%s", tc.name, tc.state, pairs)
		}
	}
}
