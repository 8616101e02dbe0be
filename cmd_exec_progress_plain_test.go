package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// With stderr a pipe, a long tool call's progress comes as plain lines
// while the call runs, where nothing at all was printed until the answer;
// a flood of it is sampled to about a line a second, and no carriage
// return or escape is written.
func TestExecProgressOffATerminalIsPlainLines(t *testing.T) {
	const n = 5000
	url, release := heldToolCall(t, func(x *mcptest.Exchange) {
		_ = x.Progress(1, n, "warming up")
		for i := 2; i <= n; i++ {
			_ = x.Progress(float64(i), n, "")
		}
	})
	start := time.Now()
	e := startExec(t, url, &execFlags{}, "tools/call slow") // stderr no terminal
	first := "progress: tools/call slow  [....................] 1/5000  warming up\n"
	last := "] 5000/5000\n"
	// The newest progress is printed when its second ends, before the
	// answer: the call is held until it is. A loaded machine under -race
	// took 13 s over the flood.
	if !e.waitStderr(30*time.Second, func(s string) bool { return strings.Contains(s, last) }) {
		t.Errorf("no progress line while the call ran:\n%q", e.errb.String())
	}
	// About a line a second of the flood: counted against the seconds it
	// took, not a few assumed (12 lines were as right for its 13 s).
	took := time.Since(start)
	release()
	if err := e.wait(); err != nil {
		t.Fatalf("%v\n%s", err, e.out.String())
	}
	got := e.errb.String()
	if !strings.HasPrefix(got, first) || strings.ContainsAny(got, "\r\x1b") {
		t.Errorf("stderr does not begin with %q as plain lines:\n%q", first, got[:min(len(got), 400)])
	}
	if lines := strings.Count(got, "progress: "); lines > int(took/time.Second)+3 {
		t.Errorf("%d progress lines for %d notifications in %s, want about one a second", lines, n, took.Round(time.Millisecond))
	}
}

// Off a terminal, the newest progress held back for its second is printed
// before the answer that comes within that second, where it was dropped
// and the last progress line said the call was halfway.
func TestExecProgressOffATerminalPrintsTheLastBeforeTheAnswer(t *testing.T) {
	url, release := heldToolCall(t, func(x *mcptest.Exchange) {
		_ = x.Progress(1, 2, "first half")
		_ = x.Progress(2, 2, "second half")
	})
	e := startExec(t, url, &execFlags{}, "tools/call slow") // stderr no terminal
	if !e.waitStderr(10*time.Second, func(s string) bool { return strings.Contains(s, "first half") }) {
		t.Fatalf("no progress line while the call ran:\n%q", e.errb.String())
	}
	release()
	if err := e.wait(); err != nil {
		t.Fatalf("%v\n%s", err, e.out.String())
	}
	want := "progress: tools/call slow  [####################] 2/2  second half\n"
	if got := e.errb.String(); !strings.Contains(got, want) {
		t.Errorf("the last progress was not printed before the answer; stderr:\n%q\nwant the line %q", got, want)
	}
}

// The progress a server sent just before a command's answer is printed off
// a terminal even when exec holds the answer before the records goroutine
// has read that progress: the command waits for the records up to its
// answer (caughtUp), and a record that never comes costs it at most
// caughtUpWait, never a hang.
func TestExecProgressCaughtUpBeforeTheAnswer(t *testing.T) {
	var b bytes.Buffer
	p := &progressLine{w: &b}
	sent := mcp.Record{Seq: 1, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "7", Method: "tools/call", Tool: "slow"}}
	progress := func(seq int64, n int, msg string) mcp.Record {
		raw := fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":%d,"total":2,"message":%q}}`, n, msg)
		return mcp.Record{Seq: seq, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification, Method: "notifications/progress", Raw: mcp.Raw(raw)}}
	}
	answer := mcp.Record{Seq: 4, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassResponse, ID: "7", Method: "tools/call"}}
	p.record(sent)
	p.record(progress(2, 1, "first half"))
	read := make(chan struct{})
	go func() {
		// The records goroutine, behind the command that has its answer:
		// it reads on once the command waits (caught is made, under
		// p.mu, just before the wait), or after pollFor's bound.
		defer close(read)
		pollFor(func() bool {
			p.mu.Lock()
			defer p.mu.Unlock()
			return p.caught != nil
		})
		p.record(progress(3, 2, "second half"))
		p.record(answer)
	}()
	p.caughtUp(answer.Seq)
	p.done()
	<-read
	if want := "progress: tools/call slow  [####################] 2/2  second half\n"; !strings.Contains(b.String(), want) {
		t.Errorf("the progress sent before the answer was dropped; stderr:\n%q\nwant the line %q", b.String(), want)
	}
	start := time.Now()
	p.caughtUp(99) // a record never read
	if took := time.Since(start); took > caughtUpWait+2*time.Second {
		t.Errorf("waiting for a record that never comes took %v, want at most about %v", took, caughtUpWait)
	}
}
