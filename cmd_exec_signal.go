package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// interruptWait is how long exec or a re-run may clean up after SIGINT or SIGTERM
// (telling the server a request was cancelled, ending the session, closing
// the recording) before it stops anyway.
const interruptWait = time.Second

// interruptible cancels ctx on SIGINT, SIGTERM or SIGHUP (the terminal
// closed: the recording was left without its last 100 ms and its closing
// record, the server's session never ended) and makes sure the process
// ends soon after, whatever it is doing: a second signal, or interruptWait
// of cleanup, ends it at once with exit status 130, saying lost (what may
// be left undone then; a recording is flushed every 100 ms, so at most
// that much of it is lost). stop undoes it all.
func interruptible(ctx context.Context, stderr io.Writer, lost string) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	// Asked for before anything is sent, not on the goroutine: there, on a
	// busy machine, it was not yet asked for when a request was already
	// at the server, and a signal then ended the process with nothing
	// cleaned up (a recording without its end, the server not told).
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	// A closed stdout (a pipe into head) makes a write fail with EPIPE
	// rather than kill the process, so the session is ended and the
	// recording closed as for a signal (see outputWatch).
	signal.Ignore(syscall.SIGPIPE)
	go func() {
		defer signal.Stop(sigs)
		select {
		case <-sigs:
		case <-done:
			return
		}
		cancel()
		t := time.NewTimer(interruptWait)
		defer t.Stop()
		select {
		case <-sigs:
		case <-t.C:
		case <-done:
			return
		}
		fmt.Fprintf(stderr, "mcpscope: interrupted; cleaning up took too long, so it stopped (%s)\n", lost)
		os.Exit(exitInterrupted)
	}()
	return ctx, func() {
		close(done)
		cancel()
	}
}
