package main

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"syscall"
)

// errOutputClosed is why exec stops when what read its stdout has gone:
// `mcpscope exec URL tools/list | head -1`. Go's default there is to die
// of SIGPIPE at once, which left the recording with its header alone and
// the server's session open.
var errOutputClosed = errors.New("stopped: its output was closed (what read it ended)")

// exitOutputClosed is a program killed by SIGPIPE's status, as a shell
// reports it, so a pipeline run with pipefail reads the same as for any
// other command whose reader went away.
const exitOutputClosed = 128 + 13

// outputWatch is stdout, which calls gone the first time a write finds its
// reader gone (EPIPE: interruptible ignores SIGPIPE, so the write says so
// rather than killing the process). Later writes are dropped: nothing
// reads them, and the run goes on only to end the session and the
// recording properly.
type outputWatch struct {
	w      io.Writer
	gone   func()
	closed atomic.Bool
}

func (o *outputWatch) Write(p []byte) (int, error) {
	if o.closed.Load() {
		return len(p), nil
	}
	n, err := o.w.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		if !o.closed.Swap(true) {
			o.gone()
		}
		return len(p), nil
	}
	return n, err
}

// watchOutput makes ctx end with errOutputClosed once stdout's reader has
// gone, and returns the stdout to write to.
func watchOutput(ctx context.Context, stdout io.Writer) (context.Context, io.Writer) {
	ctx, cancel := context.WithCancelCause(ctx)
	return ctx, &outputWatch{w: stdout, gone: func() { cancel(errOutputClosed) }}
}

// stopped is the exit status and error for a run whose ctx ended: its
// output closed, or interrupted.
func stopped(ctx context.Context) (int, error) {
	if errors.Is(context.Cause(ctx), errOutputClosed) {
		return exitOutputClosed, errOutputClosed
	}
	return exitInterrupted, errors.New("interrupted")
}
