package mcp

import (
	"encoding/json"
	"io"
	"time"
	"unsafe"
)

// inbound is one way messages come in: a stream, or a POST's JSON answer.
// Its messages are labelled with where they came from.
type inbound struct {
	conn   int
	stream string // a Stream constant
	reqSeq int64  // the request whose answer this is, for response streams
	// strays, when not nil, is told of the answers that pair with
	// nothing, for the request's failure should its answer not come.
	strays *StreamStrays
	// unfinished, when not nil, is kept at the bytes of the block the
	// stream is in the middle of whenever it waits on the network.
	unfinished *unfinishedAnswer
	msgs       slab[RPCMessage]
	// resumed is a stream opened with Last-Event-ID, which may replay
	// events received already (replay.go); event is the event whose
	// messages are being handled, nil for a JSON body.
	resumed bool
	event   *SSEEvent
	// no numbers the stream among the session's (event_streams.go), 0
	// until an event with an id came on it; elsewhere says the event being
	// delivered has an id that came first on another of its streams.
	no        uint64
	elsewhere bool
	// replayed says the event being delivered has an id that came
	// already: its notifications are marked (RPCMessage.Replayed).
	replayed bool
}

// shape is what a JSON-RPC message is, from the members it has.
type shape int

const (
	shapeInvalid      shape = iota // not a JSON-RPC message
	shapeRequest                   // a method and an id
	shapeNotification              // a method and no id
	shapeAnswer                    // a result or an error
)

// shapeOf peeks at one message and says what it is.
func shapeOf(b []byte) (peeked, shape) {
	p, ok := peekMessage(b)
	switch {
	case !ok:
		return p, shapeInvalid
	case p.hasMethod && p.id == nil:
		return p, shapeNotification
	case p.hasMethod:
		return p, shapeRequest
	case p.result != nil || p.errv != nil:
		return p, shapeAnswer
	}
	return p, shapeInvalid
}

// eachMessage calls one for the message data holds or, when data is a
// batch, calls batch once and then one for each of its members.
func eachMessage(data string, batch func(), one func(raw string)) {
	if !isBatch(bytesOf(data)) {
		one(data)
		return
	}
	batch()
	eachElement(data, one)
}

// BatchAnswers reports whether raw is a batch (a JSON array) holding an
// answer (a member with a result or an error): JSON-RPC allows that only
// as the answer to a batch of requests, and MCP clients send none.
func BatchAnswers(raw Raw) bool {
	data := string(raw)
	if !isBatch(bytesOf(data)) {
		return false
	}
	answers := false
	eachElement(data, func(m string) {
		if _, sh := shapeOf(bytesOf(m)); sh == shapeAnswer {
			answers = true
		}
	})
	return answers
}

// handleMessage classifies the data of a message event (or a JSON body) and
// pairs answers. ev, the event's record, is logged just before the first
// message record; it is nil for a JSON body.
func (s *Session) handleMessage(in *inbound, ev *Record, data string, at time.Time) {
	eachMessage(data, func() {
		m := in.msgs.newFor(len(data))
		*m = RPCMessage{Dir: DirIn, Class: ClassBatch, Conn: in.conn, Stream: in.stream, Raw: Raw(data)}
		s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
		ev = nil
	}, func(raw string) {
		s.handleOne(in, ev, raw, at)
		ev = nil
	})
}

// handleOne logs one message, after ev when that is not nil, and acts on it.
func (s *Session) handleOne(in *inbound, ev *Record, raw string, at time.Time) {
	m := in.msgs.newFor(len(raw))
	*m = RPCMessage{Dir: DirIn, Conn: in.conn, Stream: in.stream, Raw: Raw(raw), Class: ClassInvalid}
	p, sh := shapeOf(bytesOf(raw))
	switch sh {
	case shapeNotification:
		m.Class, m.Method, m.Replayed = ClassNotification, p.method, in.replayed
		m.ForeignSubscription = s.acks.foreignSubscription(p.params)
		if m.Method == "notifications/cancelled" {
			if c, ok := cancellationOf(in.conn, p.params); ok {
				// Logged first, below; the question it withdraws goes now.
				m.CancelsOurs = s.cancelsOurs(c.key)
				defer s.serverCancelled(c)
			}
		}
		if m.Method == "notifications/tools/list_changed" && m.ForeignSubscription == "" {
			// The next tools/call lists again before coercing arguments.
			// A listing under way is still kept: its answer may be the
			// new list, which the server sent after saying it changed.
			s.mu.Lock()
			s.tools = nil
			s.mu.Unlock()
		}
	case shapeRequest:
		m.Class, m.Method, m.ID = ClassServerRequest, p.method, stringOf(p.id)
		m.readRequest()
		s.mu.Lock()
		k, keyed := s.asked.key(in, raw)
		if asked := int64(0); keyed && in.resumed {
			if asked = s.asked.seen(k); asked != 0 {
				// Replayed: answered when it first came, and asking the
				// user again would answer it twice.
				m.Class, m.ReqSeq = ClassDuplicate, asked
				s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
				s.mu.Unlock()
				return
			}
		}
		// Logged and remembered under the one lock: the same event
		// replayed on two resumed streams at once (the GET stream and a
		// response stream, after a restart) must not pass the check
		// twice before either is remembered.
		seq := s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
		if keyed {
			s.asked.remember(k, seq)
		}
		s.mu.Unlock()
		s.answerServer(in.conn, seq, in.reqSeq, p.id, m.Method, p.params)
		return
	case shapeAnswer:
		m.readAnswer(p)
		s.pairAnswer(ev, m, p, at)
		return
	}
	seq := s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
	if in.stream == StreamListen && m.Method == AckMethod && m.ForeignSubscription == "" {
		s.acknowledged(in.reqSeq, seq, p.params)
	}
	switch {
	case p.id != nil:
		s.mu.Lock()
		s.rememberForeign(foreignAnswer{seq: seq, id: stringOf(p.id), malformed: true})
		s.mu.Unlock()
	case sh == shapeInvalid:
		why := NotRPCWhy(bytesOf(raw))
		s.mu.Lock()
		s.rememberForeign(foreignAnswer{seq: seq, unreadable: why})
		s.mu.Unlock()
	}
}

// pairAnswer matches an answer with our request by id and logs it after ev;
// ids in the server's own id space or from other sessions stay unpaired.
func (s *Session) pairAnswer(ev *Record, m *RPCMessage, p peeked, at time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	req, reqSeq, class := s.pairs.take(m.ID)
	if class == ClassLate {
		// The request given up on: its answer names what it answers
		// ("the answer to tools/call (id 7)"), where the id alone said
		// nothing a person could find.
		m.Method, m.Tool = req.method, req.tool
	}
	if class == ClassResponse {
		m.Class, m.ReqSeq, m.Method, m.Tool = ClassResponse, req.seq, req.method, req.tool
		seq := s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
		resp := &req.answer
		*resp = Response{ReqSeq: req.seq, Seq: seq, Raw: m.Raw, ToolError: m.ToolError, Ambiguous: m.Ambiguous}
		if m.RPCError {
			resp.Error = RPCErrorOf(p.errv)
		} else {
			// A view of the message's immutable bytes, not a copy: the
			// Result doc says it must not be written to.
			resp.Result = json.RawMessage(p.result)
		}
		req.finish(resp, nil)
		return
	}
	m.Class, m.ReqSeq = class, reqSeq
	seq := s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
	switch {
	case m.Class == ClassForeign && p.id == nil:
		// No id to name ("an answer came back with id  that ..."): an
		// error about a request the server could not read, or an id
		// misspelt ("ID"), which may have been the answer.
		s.rememberForeign(foreignAnswer{seq: seq, unreadable: "an answer with no id" + foldedNote(bytesOf(string(m.Raw)))})
	case m.Class == ClassForeign && m.RPCError && string(p.id) == "null":
		s.rememberForeign(foreignAnswer{seq: seq, id: m.ID, nullError: RPCErrorOf(p.errv).quoted(nullQuoted)})
	case m.Class == ClassForeign:
		s.rememberForeign(foreignAnswer{seq: seq, id: m.ID, first: string(p.firstID)})
	}
}

// bytesOf views a message's string as bytes, and stringOf views those bytes
// (or a part of them) as a string again, without copying. Safe because the
// strings come from the wire and are never written to: every message is
// read on the hot path, and a copy of each would cost more than reading it.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

func stringOf(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// readEvents reads one event stream until it ends: every block is logged as
// an event record labelled with in's stream, and each dispatched event goes
// to onEvent with its record, which onEvent must log. onBlock, when not
// nil, first sees every block, events or not (a retry field can stand
// alone). It returns why the stream ended (nil at its end).
func (s *Session) readEvents(body io.Reader, in *inbound, onEvent func(rec *Record, ev *SSEEvent), onBlock func(ev *SSEEvent)) error {
	var tap *sseTap
	tap = &sseTap{r: body, max: s.cfg.MaxEventSize, now: s.cfg.Now, deliver: func(ev *SSEEvent, dispatched bool) {
		ev.Conn, ev.Stream, ev.ReqSeq = in.conn, in.stream, in.reqSeq
		if onBlock != nil {
			onBlock(ev)
		}
		if !dispatched {
			// Built here, not shared with the branch below: onEvent takes
			// its address, which would put every record on the heap, one
			// allocation per keep-alive of a flood.
			s.emit(Record{Time: tap.arrived, Kind: KindEvent, Event: ev})
			s.rememberDataAlike(ev)
			return
		}
		rec := Record{Time: tap.arrived, Kind: KindEvent, Event: ev}
		in.elsewhere = ev.HasID && ev.ID != "" && s.eventIDs.claim(in, ev.ID, string(ev.Data))
		onEvent(&rec, ev)
		s.rememberDataAlike(ev)
	}, holding: func(on bool) {
		if on {
			s.out.hold()
		} else {
			s.out.release()
			if in.unfinished != nil {
				// What the bytes are before how many: a wait that
				// sees the first of them sees them as they are.
				n, comment := tap.unfinished()
				in.unfinished.comment.Store(comment)
				in.unfinished.show(tap.cur)
				in.unfinished.set(int64(n), tap.arrived)
			}
			// Between reads, never within one: a ping already read is
			// answered. Close ends s.life, so it never waits on a consumer
			// that stopped reading (a TUI that quit).
			s.out.waitRoom(s.life)
		}
	}}
	// The reader holds the emitter but for its waits on the network, so
	// the records of one read go out together.
	s.out.hold()
	defer s.out.release()
	return tap.run()
}

// messageEvent is what most streams do with an event: a message event (or
// an unnamed one) carries a JSON-RPC message; anything else is only logged.
func (s *Session) messageEvent(in *inbound, rec *Record, ev *SSEEvent) {
	if ev.Name == "message" || ev.Name == "" {
		if ev.Data == "" {
			// A priming event (an id and no data) carries no message.
			s.emit(*rec)
			return
		}
		in.event = ev
		s.handleMessage(in, rec, string(ev.Data), rec.Time)
		in.event = nil
		return
	}
	seq := s.emit(*rec)
	if p, sh := shapeOf(bytesOf(string(ev.Data))); sh == shapeAnswer {
		// An answer under another name ("Message", "response") is only
		// logged, as clients do; a request timing out names it.
		s.mu.Lock()
		s.rememberForeign(foreignAnswer{seq: seq, id: stringOf(p.id), event: ev.Name})
		s.mu.Unlock()
	}
}
