package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// interruptWait is how long exec or a re-run may clean up after SIGINT or SIGTERM
// (telling the server a request was cancelled, ending the session, closing
// the recording) before it stops anyway.
const interruptWait = time.Second

// goodbyeWait is how much of interruptWait taking leave of the server (the
// cancellation, tasks/cancel, the DELETE) may have, before mcp.Session.HurryFor
// gives it up: the rest is for closing the session and its recording, which
// are the user's to keep.
const goodbyeWait = interruptWait / 2

// oneInterrupt is how soon after the first a signal is the same interrupt
// delivered twice, not a second ctrl+c: timeout(1) and other supervisors
// signal the command and then its whole process group, and a person
// pressing ctrl+c again takes longer. Taken for a second one, it stopped
// exec at once: the server was never told of the cancelled request and
// the recording was left without its end.
const oneInterrupt = 100 * time.Millisecond

// interruption is what a command learns of a signal: Hurries names the
// session whose goodbyes to give up when they take too long, and Stop undoes
// it all.
type interruption struct {
	done chan struct{}
	stop context.CancelFunc
	mu   sync.Mutex
	sess *mcp.Session
}

// Hurries names the session cleanup waits on, once it is made.
func (in *interruption) Hurries(sess *mcp.Session) {
	in.mu.Lock()
	in.sess = sess
	in.mu.Unlock()
}

// Stop ends the watch on signals; the command has cleaned up.
func (in *interruption) Stop() {
	close(in.done)
	in.stop()
}

// hurry gives up the session's goodbyes, saying why in the recording: the
// DELETE cut short read "failed: context canceled".
func (in *interruption) hurry(sig os.Signal) {
	in.mu.Lock()
	sess := in.sess
	in.mu.Unlock()
	if sess != nil {
		sess.HurryFor(signalWords(sig) + "; it waited " + mcp.DurationText(goodbyeWait) + " for the server")
	}
}

// signalWords is what a signal means to the user who caused it.
func signalWords(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "you pressed ctrl+c"
	case syscall.SIGHUP:
		return "the terminal closed (SIGHUP)"
	case syscall.SIGTERM:
		return "mcpscope was asked to stop (SIGTERM)"
	}
	return "mcpscope got a signal (" + sig.String() + ")"
}

// interruptible cancels ctx on SIGINT, SIGTERM or SIGHUP (the terminal
// closed: the recording was left without its last 100 ms and its closing
// record, the server's session never ended) and makes sure the process
// ends soon after, whatever it is doing: after goodbyeWait the session
// Hurries names stops taking leave of the server, and a second signal (one
// that came oneInterrupt or more after the first), or interruptWait of
// cleanup, ends it at once with exit status 130, saying which and lost
// (what may be left undone then; a recording is flushed every 100 ms, so
// at most that much of it is lost).
func interruptible(ctx context.Context, stderr io.Writer, lost string) (context.Context, *interruption) {
	ctx, cancel := context.WithCancel(ctx)
	in := &interruption{done: make(chan struct{}), stop: cancel}
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
		var sig os.Signal
		select {
		case sig = <-sigs:
		case <-in.done:
			return
		}
		first := time.Now()
		cancel()
		hurry := time.NewTimer(goodbyeWait)
		defer hurry.Stop()
		t := time.NewTimer(interruptWait)
		defer t.Stop()
		why := "cleaning up took too long"
		for waiting := true; waiting; {
			select {
			case <-hurry.C:
				in.hurry(sig)
			case <-sigs:
				if time.Since(first) < oneInterrupt {
					continue
				}
				why, waiting = "interrupted again before cleaning up ended", false
			case <-t.C:
				waiting = false
			case <-in.done:
				return
			}
		}
		fmt.Fprintf(stderr, "mcpscope: interrupted; %s, so it stopped (%s)\n", why, lost)
		os.Exit(exitInterrupted)
	}()
	return ctx, in
}
