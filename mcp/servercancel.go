package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// A server may withdraw a question it asked (an elicitation, a sampled
// message) with notifications/cancelled naming its own request id, for
// instance when its own wait for the answer ran out:
//
//  1. answerServer registers each question it hands to the Answerer under
//     the session it came on and the id the server gave it.
//  2. notifications/cancelled from the server with that requestId ends the
//     question's context with a *ServerCancelled cause: the form in front of
//     the user is withdrawn, saying why.
//  3. No reply is sent (the specification: the receiver of a cancellation
//     does not answer the cancelled request); an error record with
//     OpCancelled ends the server request's row instead.

// ServerCancelled is why a question of the server's was withdrawn: the
// server cancelled the request that asked it.
type ServerCancelled struct {
	Method string // what was asked: elicitation/create, sampling/createMessage, ...
	Reason string // the notification's reason, if it gave one
}

// Error says the server withdrew the question, and why when it said.
func (e *ServerCancelled) Error() string {
	msg := "the server cancelled its " + NameShown(e.Method) + " (notifications/cancelled)"
	if e.Reason != "" {
		msg += ": " + clip.Quote(e.Reason, 200)
	}
	return msg
}

// askKey names a server request: the session it came on and its id as
// JSON, compacted, so "7" and 7 stay two ids and blanks do not matter.
type askKey struct {
	conn int
	id   string
}

func newAskKey(conn int, rawID []byte) (askKey, bool) {
	var b bytes.Buffer
	if len(rawID) == 0 || json.Compact(&b, rawID) != nil {
		return askKey{}, false
	}
	return askKey{conn: conn, id: b.String()}, true
}

// pendingAsk is a server question waiting for its answer.
type pendingAsk struct {
	method string
	id     string // the server's id for it, compacted
	// what names it (askWords) by its id as the server wrote it, as its
	// row and its box show it, and as a question whose own wait ran out
	// is named (leftOpen): one question, one name in every line.
	what   string
	seq    int64 // its record
	during int64 // the sent record of the request on whose stream it came, or 0
	cancel context.CancelCauseFunc
}

// askStarted registers a question the Answerer is about to see and returns
// its context and a func that forgets it. s.mu is not held.
//
// A server that asks again with an id whose question still waits breaks
// JSON-RPC (ids are unique among a sender's requests in flight), but both
// questions are its own and both are put to the user, each its own entry:
// the first answered must not forget the second, which the server could
// then no longer withdraw.
func (s *Session) askStarted(conn int, rawID []byte, method string, seq, during int64) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(s.life)
	key, ok := newAskKey(conn, rawID)
	if !ok {
		return ctx, func() { cancel(nil) }
	}
	ask := &pendingAsk{method: method, id: key.id, what: askWords(method, rawID), seq: seq, during: during, cancel: cancel}
	s.mu.Lock()
	if s.askCancels == nil {
		s.askCancels = map[askKey][]*pendingAsk{}
	}
	s.askCancels[key] = append(s.askCancels[key], ask)
	s.mu.Unlock()
	return ctx, func() {
		s.mu.Lock()
		waiting := slices.DeleteFunc(s.askCancels[key], func(a *pendingAsk) bool { return a == ask })
		if len(waiting) == 0 {
			delete(s.askCancels, key)
		} else {
			s.askCancels[key] = waiting
		}
		s.mu.Unlock()
		cancel(nil)
	}
}

// cancelledNames are the members of notifications/cancelled's params that
// cancellationOf reads.
var cancelledNames = []string{"requestId", "reason"}

// cancellation is what a notifications/cancelled's params say: the request
// they name, on the conn the notification came on, and why ("" when they
// give no reason).
type cancellation struct {
	key    askKey
	reason string
}

// cancellationOf reads a notifications/cancelled's params, with the one JSON
// tokenizer, as the request it names was read: a _meta nested past
// encoding/json's 10,000 levels, or 300 members before requestId, must not
// keep a question in front of the user or a request waiting. ok is false
// when they name no request.
func cancellationOf(conn int, params []byte) (cancellation, bool) {
	var m [2]memberSpan
	if !namedMembers(params, cancelledNames, m[:]) {
		return cancellation{}, false
	}
	key, ok := newAskKey(conn, m[0].of(params))
	if !ok {
		return cancellation{}, false
	}
	reason, _ := TextOf(m[1].of(params))
	return cancellation{key: key, reason: reason}, true
}

// serverCancelled acts on the server's notifications/cancelled: the
// question it names, if one is waiting, is withdrawn. Where a server asked
// twice with one id, every question waiting under it is withdrawn: the
// cancellation cannot say which it meant, and the server ignores any answer
// to an id it cancelled (the specification). A cancellation of
// anything else (a request already answered, one of another session) is
// only logged, as the specification allows for a race.
func (s *Session) serverCancelled(c cancellation) {
	s.mu.Lock()
	waiting := slices.Clone(s.askCancels[c.key])
	s.mu.Unlock()
	for _, ask := range waiting {
		ask.cancel(&ServerCancelled{Method: ask.method, Reason: c.reason})
	}
}

// cancelsOurs is, for the server's notifications/cancelled naming key
// (cancellationOf), the request of ours under key's id when no question of
// the server's waits under key but a request of ours does: said so, the note does not
// read as the server cancelling a request of its own it never sent.
func (s *Session) cancelsOurs(key askKey) *OurRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.askCancels[key]) > 0 {
		return nil
	}
	return s.pairs.inFlight(key.id)
}

// inFlight is the request waiting under id (its JSON, compacted) as a
// cancellation naming it says it, nil when none waits.
func (pr *pairing) inFlight(id string) *OurRequest {
	_, p := pr.lookup(id)
	if p == nil {
		return nil
	}
	what := p.method
	if p.tool != "" {
		what += " " + p.tool
	}
	return &OurRequest{Seq: p.seq, What: what}
}

// withdrawn reports, for a question whose answer came back, whether the
// server cancelled it meanwhile; if so the row of its request is ended with
// why, and no reply is to be sent.
func (s *Session) withdrawn(ctx context.Context, conn int, reqSeq int64) bool {
	sc, ok := context.Cause(ctx).(*ServerCancelled)
	if !ok {
		return false
	}
	s.emitError(OpCancelled, fmt.Errorf("%w; no answer was sent", sc), reqSeq, conn)
	return true
}

// unansweredDuringLocked names the first question of the server's still
// waiting for the user's answer that came while request p waited: on p's
// own stream, or on one that may carry any request's (the GET stream, the
// legacy stream); else the last one nobody answered within its wait, which
// may have run out just before p's. "" when there is none. s.mu is held.
func (s *Session) unansweredDuringLocked(p *pending) string {
	var first *pendingAsk
	for _, asks := range s.askCancels {
		for _, a := range asks {
			if p.waitedOn(a.seq, a.during) && (first == nil || a.seq < first.seq) {
				first = a
			}
		}
	}
	if first == nil {
		if f := s.leftOpen; p.waitedOn(f.seq, f.during) {
			return f.what
		}
		return ""
	}
	return first.what
}

// askWords names a question of the server's: its method and its id as
// the server wrote it (rawID), as the question's row and box show it.
func askWords(method string, rawID []byte) string {
	return NameShown(method) + " (its request " + clip.Quote(string(rawID), 64) + ")"
}
