package mcp

import (
	"errors"
	"fmt"
	"time"
)

// autoReconnect retries with backoff, like EventSource, a bounded number of
// times so a dead gateway does not mean an endless loop. ended is the
// connection whose end it follows. A reconnect the user asks for (r)
// ends it: its next attempt would replace the stream the user's opened
// with yet another session. That is read from which connection is
// current, not counted beside it.
func (l *legacy) autoReconnect(ended *connection) {
	s := l.s
	defer s.wg.Done()
	delay := s.cfg.ReconnectDelay
	if delay <= 0 {
		delay = 500 * time.Millisecond
	}
	// last is the connection the attempts follow from: the one that
	// ended, then each attempt's. Another in its place is the user's.
	last := ended
	// err is the last attempt's failure: every attempt ran, none opened.
	var err error
	for attempt := 1; attempt <= autoReconnects; attempt++ {
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-last.replaced:
			// The user's reconnect took over: what it did is its own story.
			t.Stop()
			return
		case <-s.life.Done():
			t.Stop()
			return
		}
		c, cerr := l.connect(s.life, fmt.Sprintf("%sattempt %d of %d", AutoReconnect, attempt, autoReconnects), last)
		if cerr == nil || errors.Is(cerr, ErrClosed) || errors.Is(cerr, errTakenOver) {
			return
		}
		last, err = c, cerr
		delay *= 2
	}
	// A reconnect the user asked for meanwhile may have opened a stream,
	// or be opening one: then nothing gave up.
	if l.replacedSince(last) || s.life.Err() != nil {
		return
	}
	// Said once, as its own error: each attempt's failure says why that
	// attempt failed, not that nothing will try again.
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	s.emitError(OpConnect, &WireError{Cause: CauseReconnectGaveUp, Transport: TransportSSE, Purpose: PurposeStream,
		Message: fmt.Sprintf("mcpscope stopped reconnecting on its own after %d attempts (the last: %s)", autoReconnects, err), Err: err}, 0, conn)
}

// autoReconnects is how many times a broken legacy stream is reopened on
// its own before mcpscope leaves it to the user.
const autoReconnects = 5

// AutoReconnect opens the detail of a StateReconnecting that mcpscope
// began on its own, before "attempt n of 5": the user did not ask for it.
// The fact itself is StateChange.Auto (read through OnItsOwn); recordings
// older than it say it only by this prefix.
const AutoReconnect = "automatic, "

// serverClosedStream opens the detail of the StateClosed of a legacy
// stream the server ended cleanly. The fact itself is
// StateChange.ServerEnded (read through ClosedByServer); recordings older
// than it say it only by these words.
const serverClosedStream = "the server closed the stream"
