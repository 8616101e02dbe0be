package main

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// ttyExec is exec running in the background, on a terminal or not, so a
// test reads its progress on stderr while its server holds the answer back.
type ttyExec struct {
	out  bytes.Buffer // read only once wait has returned
	errb *syncBuffer
	done chan error
}

// startTTYExec parses commands and starts exec with them against url, as
// on a terminal, with recording off.
func startTTYExec(t *testing.T, url string, commands ...string) *ttyExec {
	t.Helper()
	return startExec(t, url, &execFlags{tty: true}, commands...)
}

// startCappedExec is startTTYExec with a server's retry wait held to
// limit, not mcpscope's 30s: a test of the cap need not wait it.
func startCappedExec(t *testing.T, url string, limit time.Duration, commands ...string) *ttyExec {
	t.Helper()
	cf := defaultConnFlags()
	cf.maxRetry = limit
	return startExecConn(t, url, cf, &execFlags{tty: true}, commands...)
}

// defaultConnFlags are the connection flags' defaults, as exec's command
// line leaves them.
func defaultConnFlags() connFlags {
	return connFlags{transport: mcp.TransportAuto, timeout: mcp.DefaultRequestTimeout, endpointTimeout: mcp.DefaultEndpointTimeout, maxEventSize: mcp.DefaultMaxEventSize}
}

// startExec parses commands and starts exec with them against url, with
// ef and recording off.
func startExec(t *testing.T, url string, ef *execFlags, commands ...string) *ttyExec {
	t.Helper()
	return startExecConn(t, url, defaultConnFlags(), ef, commands...)
}

// startExecConn is startExec with the connection flags cf.
func startExecConn(t *testing.T, url string, cf connFlags, ef *execFlags, commands ...string) *ttyExec {
	t.Helper()
	cmds, err := parseCommands(commands)
	if err != nil {
		t.Fatal(err)
	}
	e := &ttyExec{errb: &syncBuffer{}, done: make(chan error, 1)}
	go func() {
		e.done <- runExec(context.Background(), &e.out, e.errb, url, cmds, &cf, &recordFlags{off: true}, ef)
	}()
	return e
}

// waitStderr waits until what exec wrote on stderr so far is drawn, and
// reports whether it was before timeout.
func (e *ttyExec) waitStderr(timeout time.Duration, drawn func(stderr string) bool) bool {
	deadline := time.After(timeout)
	for {
		wrote := e.errb.changed() // before the look, so no write is missed
		if drawn(e.errb.String()) {
			return true
		}
		select {
		case <-wrote:
		case <-deadline:
			return false
		}
	}
}

// wait returns what exec returned, once it has.
func (e *ttyExec) wait() error { return <-e.done }

// syncBuffer is a bytes.Buffer written by one goroutine and read by
// another, with a signal on every write.
type syncBuffer struct {
	mu   sync.Mutex
	b    bytes.Buffer
	wake chan struct{}
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wake != nil {
		close(s.wake)
		s.wake = nil
	}
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// changed is closed on the next write.
func (s *syncBuffer) changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.wake == nil {
		s.wake = make(chan struct{})
	}
	return s.wake
}

// heldToolCall serves a streamable server whose tools/call runs notify
// (what it sends while the tool runs) and then holds its answer, "done",
// until release is called: until then exec draws what it was sent.
func heldToolCall(t *testing.T, notify func(x *mcptest.Exchange)) (url string, release func()) {
	held := make(chan struct{})
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		notify(x)
		select {
		case <-held:
		case <-x.Context().Done():
		}
		x.Result(mcptest.TextResult("done", false))
	})
	return srv.Endpoint(), sync.OnceFunc(func() { close(held) })
}
