package mcp

import (
	"context"
	"sync/atomic"
)

// A reconnect asked for while detection still probes (r pressed while a
// server/discover POST waits on a server that stalls) starts detection
// over. The probe in flight is cancelled through its context, and the
// detection it belonged to ends without a verdict: it was stopped, so
// neither its Detect record nor a failure lands after the new one began.

// detectRun is one detection in flight.
type detectRun struct {
	cancel  context.CancelFunc
	done    chan struct{} // closed when the detection has returned
	stopped atomic.Bool   // a reconnect replaced it: it says nothing more
}

// startDetect registers a detection in flight; the context it returns ends
// when stopDetect stops it. finishDetect must be called when detect returns.
func (s *Session) startDetect(ctx context.Context) (context.Context, *detectRun) {
	ctx, cancel := context.WithCancel(ctx)
	run := &detectRun{cancel: cancel, done: make(chan struct{})}
	s.mu.Lock()
	s.detecting = run
	s.mu.Unlock()
	return ctx, run
}

// finishDetect unregisters run and wakes a reconnect waiting for it.
func (s *Session) finishDetect(run *detectRun) {
	s.mu.Lock()
	if s.detecting == run {
		s.detecting = nil
	}
	s.mu.Unlock()
	run.cancel()
	close(run.done)
}

// Detecting reports whether detection is still finding the transport: a
// request sent now would go out beside its probes. The TUI asks it, as
// its records reach the screen later than the session moves on.
func (s *Session) Detecting() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.detecting != nil
}

// stopDetect stops the detection in flight, if any, and waits until it has
// returned (its cancelled probe answers at once), so that its records come
// before the new detection's and its probes are not taken for the new
// one's. It reports false when ctx ended first.
func (s *Session) stopDetect(ctx context.Context) bool {
	s.mu.Lock()
	run := s.detecting
	s.mu.Unlock()
	if run == nil {
		return true
	}
	run.stopped.Store(true)
	run.cancel()
	select {
	case <-run.done:
		return true
	case <-ctx.Done():
		return false
	}
}
