package main

import (
	"context"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Ctrl+c while the proxy's TUI, quitting, waits for its own session's
// held DELETE ends the wait at once, as the client TUI's quit does: the
// wait's note says ctrl+c leaves now, the prompt comes back before the
// server answers, and it says it stopped waiting before ctrl+c. The
// proxy's quit had no ctrl+c of its own, and ctrl+c killed mcpscope with
// the recordings unclosed.
func TestProxyQuitCtrlCEndsTheWait(t *testing.T) {
	if rerunInChild(t) { // the signal goes to the whole process
		return
	}
	const held = 5 * time.Second
	// The wait outlasts the held DELETE, so only ctrl+c ends it early, and
	// a loaded machine has seconds, not 700 ms, to send it after the note.
	defer func(was time.Duration) { quitWait = was }(quitWait)
	quitWait = 2 * held
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{DeleteAfter: held})
	errw := &syncBuffer{}
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	run, err := startProxy(srv.Endpoint(), cf, &proxyFlags{listen: "127.0.0.1:0", noRecord: true}, errw)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sess, last := initializedSession(ctx, t, srv)
	run.sessions.own = append(run.sessions.own, sess)
	began := time.Now()
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		run.finishTUI()
	}()
	note := "mcpscope: ending the session upstream (DELETE)…"
	if !pollFor(func() bool { return strings.Contains(errw.String(), note) }) {
		t.Fatalf("the quit said %q, never %q", errw.String(), note)
	}
	if !strings.Contains(errw.String(), note+" ctrl+c leaves now") {
		// Without a handler, ctrl+c would kill the test: not sent.
		<-finished
		t.Fatalf("the quit said %q, want that ctrl+c leaves now", errw.String())
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-finished:
	case <-ctx.Done():
		t.Fatal("the quit never ended")
	}
	if took := time.Since(began); took >= held {
		t.Errorf("quitting took %s after ctrl+c: it waited for the held DELETE", took)
	}
	if want := "before ctrl+c: stopped waiting"; !strings.Contains(errw.String(), want) {
		t.Errorf("the quit said %q, want %q", errw.String(), want)
	}
	endsClosed(ctx, t, last)
}

// Ctrl+c while the proxy's TUI quit stops the proxy itself (its
// recordings closing) is caught as during the wait before it: mcpscope
// ends its stop instead of being killed with the recordings unclosed.
func TestProxyQuitCtrlCDuringStopIsCaught(t *testing.T) {
	if rerunInChild(t) { // the signal goes to the whole process
		return
	}
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	cf := &connFlags{}
	cf.registerProxy(&cobra.Command{})
	run, err := startProxy(srv.Endpoint(), cf, &proxyFlags{listen: "127.0.0.1:0", noRecord: true}, &syncBuffer{})
	if err != nil {
		t.Fatal(err)
	}
	// A session's work still out holds the stop in its last wait, after
	// the listener closed, until the test lets it go.
	run.sessions.wg.Add(1)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		run.finishTUI()
	}()
	closed := func() bool {
		resp, err := http.Get(run.base + "/mcp")
		if err == nil {
			resp.Body.Close()
		}
		return err != nil
	}
	if !pollFor(closed) {
		t.Fatal("the proxy never stopped listening")
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-finished:
		t.Fatal("the stop ended while a session's work was still out")
	case <-time.After(100 * time.Millisecond):
	}
	run.sessions.wg.Done()
	select {
	case <-finished:
	case <-time.After(10 * time.Second):
		t.Fatal("the stop never ended")
	}
}
