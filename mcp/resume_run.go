package mcp

import (
	"fmt"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// What the resumptions of a request's dropped response stream bring. One
// SDK's event store replays every stream of the session on resume, so
// another request's events are no reason to stop; but a server that
// answers every resumption with only another stream's events, each with a
// new id, is not moving this request on, and counting it as progress kept
// mcpscope resuming every 50 ms until the request timed out.

// resumeRun counts what the resumptions since the last one that moved the
// request on brought, for the words that give up on them.
type resumeRun struct {
	events   int // events on the resumed streams
	replayed int // of them, ones whose ids had come already
	foreign  int // of them, another request's answer or progress
	aside    int // of them, messages naming no request (logs, list changes)
	garbled  int // of them, data that is no JSON-RPC message
}

// add counts an event of a resumed stream; seen says its id had come
// already, and whose is what the event carries.
func (r *resumeRun) add(seen bool, whose eventOwner) {
	r.events++
	if seen {
		r.replayed++
	}
	switch whose {
	case ownerOther:
		r.foreign++
	case ownerAside:
		r.aside++
	case ownerNoMessage:
		r.garbled++
	}
}

// words says what the run's resumptions brought; after is the Last-Event-ID
// the latest one sent.
func (r resumeRun) words(after string) string {
	var said []string
	var whose []string
	if r.foreign > 0 {
		whose = append(whose, fmt.Sprintf("%d another request's answer or progress: another stream's events", r.foreign))
	}
	if r.aside > 0 {
		whose = append(whose, fmt.Sprintf("%d notifications naming no request, such as logs, which do not move it on", r.aside))
	}
	if r.garbled > 0 {
		whose = append(whose, fmt.Sprintf("%d whose data is no JSON-RPC message", r.garbled))
	}
	if len(whose) > 0 {
		said = append(said, fmt.Sprintf("the resumed streams brought %d events, none for this request (%s)", r.events, strings.Join(whose, "; ")))
	}
	if r.replayed > 0 {
		said = append(said, fmt.Sprintf("the server replayed events from before Last-Event-ID %s (%d events whose ids had come already)", clip.Quote(after, 64), r.replayed))
	}
	if len(said) == 0 {
		if r.events == 0 {
			return "the resumed streams brought no event"
		}
		return fmt.Sprintf("the resumed streams brought %d events, none with an id", r.events)
	}
	return strings.Join(said, "; ")
}

// eventOwner is whose message an event carries, as far as it can tell.
type eventOwner int

// In the order a batch is told by: it is its messages' latest owner here.
const (
	ownerUnknown   eventOwner = iota // no data: a priming event, a comment
	ownerNoMessage                   // data that is no JSON-RPC message
	ownerAside                       // a message naming no request (a log, a list change)
	ownerOther                       // an answer to, or progress of, another request
	ownerThis                        // the request's answer, its progress, a server request on its stream
)

// ownerFor says whose message an event's data is, for the request m: its
// progress token is read from what was sent only once a message comes.
func ownerFor(m *outgoing) func(data string) eventOwner {
	token, hasToken, read := "", false, false
	one := func(data string) eventOwner {
		p, sh := shapeOf(bytesOf(data))
		switch {
		case sh == shapeAnswer && stringOf(p.id) == m.id:
			return ownerThis
		case sh == shapeAnswer:
			return ownerOther
		case sh == shapeRequest:
			// A request the server sends on this request's stream is
			// one it needs answered to go on with it.
			return ownerThis
		case sh == shapeInvalid:
			return ownerNoMessage
		case sh != shapeNotification || p.method != "notifications/progress":
			return ownerAside
		}
		pr, ok := ParseProgress(bytesOf(data))
		if !ok {
			return ownerAside
		}
		if !read {
			token, hasToken = ProgressTokenOf(stringOf(m.body))
			read = true
		}
		if hasToken && pr.Token == token {
			return ownerThis
		}
		return ownerOther
	}
	return func(data string) eventOwner {
		if data == "" {
			return ownerUnknown
		}
		// A batch is the request's when any message in it is (its
		// answer or progress is delivered from it as from an event of
		// its own), else another request's when any is, and so on.
		whose := ownerNoMessage
		eachMessage(data, func() {}, func(raw string) { whose = max(whose, one(raw)) })
		return whose
	}
}
