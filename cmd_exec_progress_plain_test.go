package main

import (
	"strings"
	"testing"
	"time"

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
	e := startExec(t, url, &execFlags{}, "tools/call slow") // stderr no terminal
	first := "progress: tools/call slow  [....................] 1/5000  warming up\n"
	last := "] 5000/5000\n"
	// The newest progress is printed when its second ends, before the
	// answer: the call is held until it is.
	if !e.waitStderr(10*time.Second, func(s string) bool { return strings.Contains(s, last) }) {
		t.Errorf("no progress line while the call ran:\n%q", e.errb.String())
	}
	release()
	if err := e.wait(); err != nil {
		t.Fatalf("%v\n%s", err, e.out.String())
	}
	got := e.errb.String()
	if !strings.HasPrefix(got, first) || strings.ContainsAny(got, "\r\x1b") {
		t.Errorf("stderr does not begin with %q as plain lines:\n%q", first, got[:min(len(got), 400)])
	}
	if lines := strings.Count(got, "progress: "); lines > 10 {
		t.Errorf("%d progress lines for %d notifications in a few seconds, want about one a second", lines, n)
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
