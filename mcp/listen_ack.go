package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// A 2026 listen stream is acknowledged in steps:
//
//  1. subscriptions/listen asks for a filter (notifications: the list
//     changes, and resourceSubscriptions, the URIs whose updates to send).
//  2. The server answers first with notifications/subscriptions/acknowledged
//     carrying the part of the filter it will honour. A server that does
//     not offer resources.subscribe (the TypeScript SDK v2 says
//     "subscribe": false) acknowledges without the URIs.
//  3. What the acknowledgement left out is said as a listen state, and a
//     subscription waiting on it learns whether its URI was taken.

// listenAcks follows the open listen requests until they are acknowledged.
type listenAcks struct {
	mu      sync.Mutex
	asked   map[int64]map[string]json.RawMessage // by the listen request's record: its filter
	ids     map[int64]string                     // by the listen request's record: its id, while its stream is open
	waiters []*ackWaiter
	firsts  map[int64]chan ackFirst // by a listen request the user sent: what came first, its acknowledgement or its end
	up      chan struct{}           // closed once a listen stream was first acknowledged, or ended and said so (see AwaitListen)
}

// settled is closed once a listen stream was acknowledged or ended: before
// exec's first command only the session's own stream is open.
func (a *listenAcks) settled() <-chan struct{} {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.upLocked()
}

// settle says a listen stream settled: acknowledged, or ended with what
// became of it logged, so that AwaitListen's caller, which reads the
// stream's fate from the records logged by then, reads its end too.
func (a *listenAcks) settle() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.settleLocked()
}

// settleLocked is settle with a.mu held.
func (a *listenAcks) settleLocked() {
	select {
	case <-a.upLocked():
	default:
		close(a.up)
	}
}

// upLocked is a.up, made on first use; a.mu is held.
func (a *listenAcks) upLocked() chan struct{} {
	if a.up == nil {
		a.up = make(chan struct{})
	}
	return a.up
}

// ackWaiter is a subscription to uri waiting for a listen stream that asked
// for it to be acknowledged, or to end first.
type ackWaiter struct {
	uri  string
	done chan ackOutcome // buffered: resolved once
}

// ackOutcome is what became of a waiting subscription.
type ackOutcome struct {
	left  bool  // the acknowledgement left the URI out
	ended error // the stream ended before any acknowledgement
}

// opened remembers the id of a listen request (record seq) and the filter
// it asked for.
func (a *listenAcks) opened(seq int64, id string, params json.RawMessage) {
	filter, _ := ListenFilter(params)
	if filter == nil {
		filter = map[string]json.RawMessage{} // nil says acknowledged
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.listening(seq, id)
	if a.asked == nil {
		a.asked = map[int64]map[string]json.RawMessage{}
	}
	a.asked[seq] = filter
}

// ListenFilter reads params.notifications, the filter a listen request
// asks for and its acknowledgement grants.
func ListenFilter(params []byte) (map[string]json.RawMessage, error) {
	var p struct {
		Notifications map[string]json.RawMessage `json:"notifications"`
	}
	err := json.Unmarshal(params, &p)
	return p.Notifications, err
}

// wait registers a subscription to uri waiting for its acknowledgement.
func (a *listenAcks) wait(uri string) *ackWaiter {
	w := &ackWaiter{uri: uri, done: make(chan ackOutcome, 1)}
	a.mu.Lock()
	a.waiters = append(a.waiters, w)
	a.mu.Unlock()
	return w
}

// forget drops a waiter that gave up.
func (a *listenAcks) forget(w *ackWaiter) {
	a.mu.Lock()
	a.waiters = slices.DeleteFunc(a.waiters, func(o *ackWaiter) bool { return o == w })
	a.mu.Unlock()
}

// resolve gives the waiters whose URI the filter asked for their outcome;
// a.mu is held.
func (a *listenAcks) resolve(filter map[string]json.RawMessage, outcome func(uri string) ackOutcome) {
	uris := resourceURIs(filter[filterResources])
	a.waiters = slices.DeleteFunc(a.waiters, func(w *ackWaiter) bool {
		if !slices.Contains(uris, w.uri) {
			return false
		}
		w.done <- outcome(w.uri)
		return true
	})
}

// closed is the end of the listen request seq. A stream ended by mcpscope
// (replaced by one with a new filter, or the session closing) says nothing
// of the subscriptions it carried; one that failed before its
// acknowledgement tells them why.
func (a *listenAcks) closed(seq int64, err error, byUs bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.ids, seq)
	a.first(seq, ackFirst{end: true, ended: err})
	filter, open := a.asked[seq]
	delete(a.asked, seq)
	if !open || byUs {
		return
	}
	a.resolve(filter, func(string) ackOutcome { return ackOutcome{ended: err} })
}

// wasAcknowledged reports whether listen request seq, still open, was
// acknowledged.
func (a *listenAcks) wasAcknowledged(seq int64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	filter, open := a.asked[seq]
	return open && filter == nil
}

// filterResources is the filter member that lists the subscribed URIs.
const filterResources = "resourceSubscriptions"

// acknowledged compares a listen stream's acknowledgement with what its
// request asked, says what was left out, and tells the waiting
// subscriptions. Later acknowledgements of the same stream change nothing.
func (s *Session) acknowledged(reqSeq, ackSeq int64, params []byte) {
	a := &s.acks
	a.mu.Lock()
	asked, open := a.asked[reqSeq]
	if !open {
		a.mu.Unlock()
		return
	}
	a.first(reqSeq, ackFirst{seq: ackSeq, params: params})
	a.asked[reqSeq] = nil // acknowledged: its end no longer concerns the waiters
	granted, err := ListenFilter(params)
	if err != nil {
		// Read as granting nothing, it would say every part of the
		// filter was left out, which the server did not say either.
		a.resolve(asked, func(string) ackOutcome { return ackOutcome{} })
		a.mu.Unlock()
		s.emit(streamState(StateListen, 0, TransportStateless,
			"the server's acknowledgement of the listen stream cannot be read ("+clip.Quote(err.Error(), 200)+"): what it will send notifications for is not known", false))
		return
	}
	left := leftOut(asked, granted)
	a.resolve(asked, func(uri string) ackOutcome {
		return ackOutcome{left: slices.Contains(left, filterResources+" "+uri)}
	})
	a.mu.Unlock()
	if len(left) == 0 {
		return
	}
	detail := "the server acknowledged the listen stream without " + clippedList(left) + ": it will send no notifications for them"
	if slices.ContainsFunc(left, func(l string) bool { return strings.HasPrefix(l, filterResources) }) && !s.offersSubscribe() {
		detail += " (its capabilities do not offer resources.subscribe)"
	}
	s.emit(streamState(StateListen, 0, TransportStateless, detail, false))
}

// leftOut lists what the asked filter wants that the acknowledged one does
// not grant: a flag asked true ("promptsListChanged"), a URI asked for
// ("resourceSubscriptions demo://readme").
func leftOut(asked, acked map[string]json.RawMessage) []string {
	var left []string
	for key, want := range asked {
		if key == filterResources {
			granted := resourceURIs(acked[key])
			for _, uri := range resourceURIs(want) {
				if !slices.Contains(granted, uri) {
					left = append(left, key+" "+uri)
				}
			}
			continue
		}
		var on, got bool
		if json.Unmarshal(want, &on) == nil && on && (json.Unmarshal(acked[key], &got) != nil || !got) {
			left = append(left, key)
		}
	}
	sort.Strings(left)
	return left
}

// resourceURIs reads a resourceSubscriptions list; anything else is none.
func resourceURIs(raw json.RawMessage) []string {
	var uris []string
	_ = json.Unmarshal(raw, &uris)
	return uris
}

// clippedList joins what was left out for one line, each item cut to a
// length a line can carry and at most a few of them: a server's answer
// decides neither.
func clippedList(items []string) string {
	return clip.ListFunc(items, 5, func(s string) string { return clip.Quote(s, 200) })
}

// offersSubscribe reports whether server/discover's capabilities say
// resources.subscribe is declared.
func (s *Session) offersSubscribe() bool {
	return declares(s.ServerCapabilities(), capabilityFor("resources/subscribe", TransportStateless))
}

// awaitSubscribed waits, for as long as a request may, until the listen
// stream that carries uri is acknowledged, and says when the server left
// the URI out or the stream failed first. No acknowledgement in time
// leaves the subscription as asked (the server may still send updates),
// but is no success either: a silent one would read as a subscription the
// server took. The listen state and the error say so in the same words.
func (s *Session) awaitSubscribed(ctx context.Context, w *ackWaiter) error {
	timer := time.NewTimer(s.cfg.RequestTimeout)
	defer timer.Stop()
	select {
	case o := <-w.done:
		switch {
		case o.ended != nil:
			return &WireError{Cause: CauseStreamEnded, Transport: TransportStateless, Err: o.ended,
				Message: "the listen stream carrying the subscription to " + clip.Quote(w.uri, 200) + " ended before the server acknowledged it: " + o.ended.Error()}
		case o.left:
			msg := "the server acknowledged the listen stream without " + clip.Quote(w.uri, 200) + " among its resourceSubscriptions: it will send no notifications/resources/updated for it"
			if !s.offersSubscribe() {
				msg += " (its capabilities do not offer resources.subscribe)"
			}
			return &WireError{Cause: CauseNotSubscribed, Transport: TransportStateless, Message: msg}
		}
		return nil
	case <-ctx.Done():
		s.acks.forget(w)
		return ctx.Err()
	case <-timer.C:
		s.acks.forget(w)
		we := &WireError{Cause: CauseNotAcknowledged, Transport: TransportStateless,
			Message: fmt.Sprintf("the server did not acknowledge the listen stream carrying %s within %s: the subscription stands as asked, but the server may send no notifications/resources/updated for it", clip.Quote(w.uri, 200), DurationText(s.cfg.RequestTimeout))}
		s.emit(streamState(StateListen, 0, TransportStateless, we.Message, false))
		return we
	}
}
