package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// A subscriptions/listen the user sends by hand (2026) is a listen stream
// like the session's own, not a request that answers:
//
//  1. it is sent as the session's own is, so its acknowledgement and its
//     notifications, tagged with its id, are known as ours (not as for a
//     subscription we do not have), and no request timeout ends it;
//  2. Listen waits for what comes first: the acknowledgement (the answer
//     the user sees: what the server agreed to send), the stream's end (a
//     refusal, say), or the request timeout, which closes the stream;
//  3. an acknowledged stream stays open, its notifications logged as they
//     come, until the session closes or CloseStream closes it.

// ListenMethod is the 2026 request whose answer is a long-lived stream of
// notifications.
const ListenMethod = "subscriptions/listen"

// AckMethod is the notification a server sends first on a listen stream,
// acknowledging what it will send there.
const AckMethod = "notifications/subscriptions/acknowledged"

// ackFirst is what came first on a listen stream someone waits on: its
// acknowledgement (the record's Seq and its params) or its end.
type ackFirst struct {
	seq    int64
	params []byte
	end    bool
	ended  error
}

// watch returns where the first of listen request seq's acknowledgement
// and end will be told; call it before the request goes out.
func (a *listenAcks) watch(seq int64) <-chan ackFirst {
	ch := make(chan ackFirst, 1)
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.firsts == nil {
		a.firsts = map[int64]chan ackFirst{}
	}
	a.firsts[seq] = ch
	return ch
}

// first tells whoever watches listen request seq what came first, once,
// and, of an acknowledgement, that a listen stream settled (an end settles
// it once said: listenLoop); a.mu is held.
func (a *listenAcks) first(seq int64, f ackFirst) {
	if !f.end {
		a.settleLocked()
	}
	ch, ok := a.firsts[seq]
	if !ok {
		return
	}
	delete(a.firsts, seq)
	f.params = bytes.Clone(f.params) // a view of the message's bytes
	ch <- f
}

// Listen opens a subscriptions/listen stream of the user's own with params
// on a 2026 session and returns once the server acknowledged it: the
// answer's Result is the acknowledgement's params (what the server agreed
// to send), its ReqSeq the listen request's and its Seq the
// acknowledgement's record. An error says the stream was refused or ended
// first, or that no acknowledgement came within the request timeout (the
// stream is closed then). Params nil ask for what the session's own
// stream asks for. On a session of an older era it is sent as any
// request is.
func (s *Session) Listen(ctx context.Context, params json.RawMessage) (*Response, error) {
	var bare json.RawMessage
	if params == nil {
		// Typed bare: its notifications member is required, and with
		// none the server agrees to send nothing. It asks for what the
		// session's own stream asks for (read before s.mu is taken: it
		// takes it).
		bare = s.listenParams()
	}
	s.mu.Lock()
	_, modern := modernOf(s.tr)
	if !modern || s.closed {
		s.mu.Unlock()
		return s.Request(ctx, ListenMethod, params)
	}
	if bare != nil {
		params = bare
	}
	streamCtx, cancel := context.WithCancel(s.life)
	s.wg.Add(1)
	s.mu.Unlock()
	type opened struct {
		seq   int64
		first <-chan ackFirst
	}
	started := make(chan opened, 1)
	ended := make(chan error, 1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		var seq int64
		_, err := s.stream(streamCtx, ListenMethod, params, StreamListen, func(sent int64) {
			seq = sent
			s.keepStream(seq, cancel)
			started <- opened{seq, s.acks.watch(seq)}
		}, nil)
		ended <- err
		s.keepStream(seq, nil)
	}()
	var o opened
	select {
	case o = <-started:
	case err := <-ended:
		return nil, err // never sent: the session closed
	}
	timer := time.NewTimer(s.cfg.RequestTimeout)
	defer timer.Stop()
	select {
	case f := <-o.first:
		if rpcErr := (*RPCError)(nil); f.end && errors.As(f.ended, &rpcErr) {
			return nil, rpcErr // refused: an answer, as any request's error is
		}
		if f.end {
			return nil, f.ended
		}
		return &Response{ReqSeq: o.seq, Seq: f.seq, Raw: Raw(f.params), Result: json.RawMessage(f.params), Ambiguous: Ambiguities(Raw(f.params)) != nil}, nil
	case <-ctx.Done():
		cancel()
		return nil, ctx.Err()
	case <-timer.C:
		cancel()
		return nil, &WireError{Cause: CauseNotAcknowledged, Transport: TransportStateless,
			Message: fmt.Sprintf("the server did not acknowledge %s within %s: the stream was closed", ListenMethod, DurationText(s.cfg.RequestTimeout))}
	}
}

// keepStream remembers how to close the user's listen stream opened by
// request seq, or forgets it (close nil).
func (s *Session) keepStream(seq int64, close context.CancelFunc) {
	if seq == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if close == nil {
		delete(s.ownStreams, seq)
		return
	}
	if s.ownStreams == nil {
		s.ownStreams = map[int64]context.CancelFunc{}
	}
	s.ownStreams[seq] = close
}

// CloseStream closes the listen stream the user opened with the request
// whose sent record is seq (Listen), as closing it is how 2026 ends one;
// false when no such stream is open (the session's own listen stream is
// not the user's to close).
func (s *Session) CloseStream(seq int64) bool {
	s.mu.Lock()
	close, ok := s.ownStreams[seq]
	s.mu.Unlock()
	if ok {
		close()
	}
	return ok
}
