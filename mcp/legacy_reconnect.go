package mcp

import (
	"errors"
	"fmt"
	"time"
)

// reconnectWait is the wait before the first reconnect of its own after
// connection c ended at now, and the words that say it (reconnectPace's
// first), which the TUI follows with "reconnecting on its own". Called
// under l.mu.
func (l *legacy) reconnectWait(c *connection, now time.Time) (time.Duration, string) {
	return l.s.reconnectPace().first(l.retry, c.started, now)
}

// defaultReconnectDelay is the wait before the first reconnect of its own
// when the server named none (Config.ReconnectDelay's default).
const defaultReconnectDelay = 500 * time.Millisecond

// autoReconnect retries with backoff, like EventSource, a bounded number of
// times so a dead gateway does not mean an endless loop. ended is the
// connection whose end it follows; delay is the first wait
// (reconnectWait), then each wait is reconnectPace's. A reconnect the
// user asks for (r) ends it: its next attempt would replace the stream
// the user's opened with yet another session. That is read from which
// connection is current, not counted beside it.
func (l *legacy) autoReconnect(ended *connection, delay time.Duration) {
	s := l.s
	defer s.wg.Done()
	// last is the connection the attempts follow from: the one that
	// ended, then each attempt's. Another in its place is the user's.
	last := ended
	// err is the last attempt's failure: every attempt ran, none opened.
	var err error
	began := time.Now()
	pace := s.reconnectPace()
	var raised string
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
		c, cerr := l.connect(s.life, fmt.Sprintf("%sattempt %d of %d%s", AutoReconnect, attempt, autoReconnects, raised), last)
		if cerr == nil || errors.Is(cerr, ErrClosed) || errors.Is(cerr, errTakenOver) {
			return
		}
		last, err = c, cerr
		delay, raised = pace.after(attempt, delay)
		delay, raised = pace.heed(cerr, delay, raised)
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
		Message: fmt.Sprintf("mcpscope stopped reconnecting on its own after %d attempts in %s (the last: %s)", autoReconnects, DurationText(time.Since(began).Round(100*time.Millisecond)), err), Err: err}, 0, conn)
}

// reconnectPace paces the attempts to reopen a stream that failed to
// open: each waits twice the one before, within [quickBackoff, limit],
// and never less than mcpscope's own pace would (base, doubled per
// failed attempt). The first wait may be the server's (a retry field),
// but a hostile "retry: 0" must not shrink the whole run of attempts
// to under a second where mcpscope's own pace gives a dead server about
// 15s to come back. The legacy stream's reconnects, the streamable GET
// stream's reopenings after a failure and the 2026 listen stream's
// reopenings are paced by it, each at most autoReconnects in a row.
type reconnectPace struct {
	base, limit time.Duration
}

// reconnectPace is the session's: base is Config.ReconnectDelay (500ms
// unset), limit Config.MaxRetry.
func (s *Session) reconnectPace() reconnectPace {
	base := s.cfg.ReconnectDelay
	if base <= 0 {
		base = defaultReconnectDelay
	}
	return reconnectPace{base: base, limit: s.cfg.MaxRetry}
}

// first is the wait before the first attempt to reopen a stream opened
// at opened that ended at now, and the words that say it after the end's
// reason ("" when it is mcpscope's own pace). As EventSource does, it is
// the wait the server's last retry field asked for (r), held to the cap,
// and, for a stream that ended as soon as it opened, to at least
// quickBackoff (reopenWait): a hostile "retry: 0" must not make a
// reconnect per round trip, nor one of days leave the stream closed for
// good. Without a retry field it is base.
func (p reconnectPace) first(r serverRetry, opened, now time.Time) (time.Duration, string) {
	if !r.set {
		return p.base, ""
	}
	wait := reopenWait(r.wait, opened, now)
	switch {
	case r.asked != "":
		return wait, fmt.Sprintf("; the server's retry field asks to wait %s: waiting %s (mcpscope's cap)", r.asked, DurationText(wait))
	case wait != r.wait:
		return wait, fmt.Sprintf("; the server's retry field asks to wait %s, but the stream ended as soon as it opened: waiting %s", DurationText(r.wait), DurationText(wait))
	}
	return wait, fmt.Sprintf("; the server's retry field asks to wait %s", DurationText(wait))
}

// after is the wait after failed attempt n (from 1), whose wait was
// prev, and, when mcpscope's own pace made it longer than the doubled
// wait, the words that say so, to follow the next attempt's "attempt n
// of 5".
func (p reconnectPace) after(n int, prev time.Duration) (time.Duration, string) {
	d := min(max(2*prev, quickBackoff), p.limit)
	floor := min(p.base<<n, p.limit)
	if floor <= d {
		return d, ""
	}
	return floor, fmt.Sprintf(", after %s (mcpscope's own pace after a failed attempt, not the server's retry)", DurationText(floor))
}

// autoReconnects is how many times in a row a stream that failed (a
// broken legacy stream, a GET or listen stream that could not be opened)
// is reopened on its own before mcpscope leaves it to the user.
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
