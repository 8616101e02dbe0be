package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/mcpscope/mcpscope/internal/clip"
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
		m.Class, m.Method = ClassNotification, p.method
		m.ForeignSubscription = s.acks.foreignSubscription(p.params)
		if m.Method == "notifications/cancelled" {
			// Logged first, below; the question it withdraws goes now.
			defer s.serverCancelled(in.conn, p.params)
		}
		if m.Method == "notifications/tools/list_changed" && m.ForeignSubscription == "" {
			// The next tools/call lists again before coercing arguments.
			s.mu.Lock()
			s.tools = nil
			s.mu.Unlock()
		}
	case shapeRequest:
		m.Class, m.Method, m.ID = ClassServerRequest, p.method, stringOf(p.id)
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
	if in.stream == StreamListen && isAcknowledgement(m.Method) && m.ForeignSubscription == "" {
		s.acknowledged(in.reqSeq, seq, p.params)
	}
	switch {
	case p.id != nil:
		s.mu.Lock()
		s.rememberForeign(foreignAnswer{seq: seq, id: stringOf(p.id), malformed: true})
		s.mu.Unlock()
	case sh == shapeInvalid:
		why := notRPCWhy(bytesOf(raw))
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
	if req != nil {
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

// answerServer replies to a server request: ping at once (servers close
// the stream over an unanswered ping), roots from the list, elicitation and
// sampling through the Answerer, anything else with method not found so the
// server does not wait forever. The id goes back exactly as the server
// wrote it (the message was checked to be JSON, so it is). Replies in
// flight are bounded: a server flooding requests waits for earlier replies
// instead of exhausting descriptors and memory.
func (s *Session) answerServer(conn int, reqSeq, during int64, rawID []byte, method string, params []byte) {
	id := string(rawID)
	// The id is echoed whole: it has to be.
	name := quotedMethod(method)
	if s.modern() {
		// 2026-07-28: "The client MUST NOT send JSON-RPC responses", and
		// its server asks through inputRequests, never on a stream; an
		// answer POSTed would be refused, and a question put to the user
		// could not be answered.
		s.emitError(OpReply, &WireError{Cause: CauseModernAsked,
			Message: "the server sent a request of its own, " + name + ", on a 2026-07-28 stream, where a server sends none and a client answers none: it was not answered"}, reqSeq, conn)
		return
	}
	if method == "ping" {
		s.reply(conn, reqSeq, during, id, method, []byte(`{"jsonrpc":"2.0","id":`+id+`,"result":{}}`))
		return
	}
	if (method == "elicitation/create" || method == "sampling/createMessage") && jsonKind(params) != "an object" {
		// Nothing a person could answer: the question is in params. Said
		// back at once as invalid params, not put to the user as an empty
		// question that holds the server until --timeout.
		s.reply(conn, reqSeq, during, id, method, errorReply(id, CodeInvalidParams, "mcpscope cannot answer "+name+": "+paramsKind(params)+", where an object must ask the question"))
		return
	}
	if why, ok := unaskable(method, params); ok {
		// "Server sends an elicitation/create request with a mode not
		// declared in client capabilities: -32602 (Invalid params)", a
		// client MUST answer; put to the user, it read as a form. A URL
		// one naming no URL is invalid params too.
		s.reply(conn, reqSeq, during, id, method, errorReply(id, CodeInvalidParams, "mcpscope cannot answer "+name+": "+why))
		return
	}
	// What a person answers may take a while: the stream reader goes on.
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	if s.asking >= maxAsking {
		s.refused++
		n := s.refused
		s.mu.Unlock()
		if n == 1 || n%100 == 0 {
			s.emitError(OpReply, &WireError{Cause: CauseFlooded,
				Message: fmt.Sprintf("the server asks more than %d questions at once: %d of them refused so far", maxAsking, n)}, reqSeq, conn)
		}
		s.reply(conn, reqSeq, during, id, method, errorReply(id, CodeInternalError, fmt.Sprintf("mcpscope refused %s: %d questions of this server are already waiting for an answer", name, maxAsking)))
		return
	}
	s.asking++
	s.wg.Add(1)
	s.mu.Unlock()
	// Registered before this reader reads on: a cancellation right behind
	// the question must find it.
	ctx, done := s.askStarted(conn, rawID, method)
	go func() {
		defer s.wg.Done()
		defer func() {
			s.mu.Lock()
			s.asking--
			s.mu.Unlock()
		}()
		res, err := s.answerInput(ctx, InputRequest{Method: method, Params: json.RawMessage(params), Seq: reqSeq})
		cancelled := s.withdrawn(ctx, conn, reqSeq)
		// Forgotten before its answer is queued: once the server has the
		// answer it may reuse the id, and a question it asks with it must
		// find no stale entry here.
		done()
		if cancelled {
			return
		}
		var body []byte
		var refusal *RPCError
		switch {
		case err == nil:
			body = []byte(`{"jsonrpc":"2.0","id":` + id + `,"result":` + string(res) + `}`)
		case errors.Is(err, errUnknownMethod):
			body = errorReply(id, CodeMethodNotFound, "mcpscope does not implement "+name)
		case errors.Is(err, ErrDeclined) && method == "sampling/createMessage":
			// Answered as the specification says, not a failure: the
			// user chose to.
			body = errorReply(id, CodeUserRejected, "User rejected sampling request: declined in mcpscope")
		case errors.As(err, &refusal):
			// An answer given ahead (a re-run's recorded refusal) is
			// the server's to read as it was, not reworded around it.
			body = errorReply(id, refusal.Code, refusal.Message)
			s.emitError(OpReply, &WireError{Cause: CauseNoAnswer, Message: "the server's " + name + " was refused: " + err.Error(), Err: err}, reqSeq, conn)
		default:
			body = errorReply(id, CodeInternalError, refusalPrefix(name)+err.Error())
			s.emitError(OpReply, &WireError{Cause: CauseNoAnswer, Message: "the server's " + name + " went unanswered: " + err.Error(), Err: err}, reqSeq, conn)
		}
		s.reply(conn, reqSeq, during, id, method, body)
	}()
}

// refusalPrefix opens our error answer to a server request of method
// name we could not answer; the reason follows it.
func refusalPrefix(name string) string { return "mcpscope could not answer " + name + ": " }

// RefusalReason is the reason of our error answer message to a server
// request of method: what follows refusalPrefix, or message whole when
// another wrote it (a re-run sends the recorded one as it was).
func RefusalReason(method, message string) string {
	return strings.TrimPrefix(message, refusalPrefix(quotedMethod(method)))
}

// quotedMethod is what our answers and errors quote of a server request's
// method: one a megabyte long must not make each of them as long.
func quotedMethod(method string) string { return clip.Quote(method, 200) }

// errorReply is our JSON-RPC error answer to the server's request id (its
// raw JSON), with code and message.
func errorReply(id string, code int, message string) []byte {
	msg, _ := json.Marshal(message)
	return []byte(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":` + strconv.Itoa(code) + `,"message":` + string(msg) + `}}`)
}

// reply logs our answer to a server request and queues its POST. Replies
// are sent by a few workers from a bounded queue: a server flooding
// requests while taking our replies slowly neither exhausts descriptors
// nor memory, and the stream is still read (our own answers may be behind
// the flood). A reply that finds the queue full is not sent, and an error
// on the request it answers says so: without one, the request would read
// as waiting for its answer for as long as the session lasts.
func (s *Session) reply(conn int, reqSeq, during int64, id, method string, body []byte) {
	s.mu.Lock()
	if s.closed || s.tr == nil {
		s.mu.Unlock()
		return
	}
	s.replyOnce.Do(s.startRepliers)
	if len(s.replyQ) == cap(s.replyQ) {
		s.mu.Unlock()
		// One wording for all: the same problem repeated is shown once.
		s.emitError(OpReply, &WireError{Cause: CauseFlooded,
			Message: "a request of the server's went unanswered: it asks faster than its answers are taken"}, reqSeq, conn)
		return
	}
	seq := s.emit(Record{Kind: KindSent, RPC: &RPCMessage{Dir: DirOut, Class: ClassReply, ID: id, Method: method, ReqSeq: reqSeq, Conn: conn, Raw: Raw(body)}})
	// Only reply enqueues, under s.mu, so the room just seen is there.
	s.replyQ <- replyJob{tr: s.tr, conn: conn, during: during, m: &outgoing{class: ClassReply, method: method, body: body, seq: seq}}
	s.mu.Unlock()
}

// failedReply is a reply of ours the server did not take, for the timeout
// of a request that waits on the server's question being answered.
type failedReply struct {
	seq    int64 // the reply's sent record
	during int64 // the sent record of the request whose stream asked, 0 if none did
	what   string
}

// replyJob is a reply waiting for a worker.
type replyJob struct {
	tr     transport
	conn   int
	during int64 // the sent record of the request on whose stream the question came, or 0
	m      *outgoing
}

// startRepliers starts the workers that POST replies; they end with the
// session. s.mu is held.
func (s *Session) startRepliers() {
	for range maxReplies {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			for {
				select {
				case j := <-s.replyQ:
					s.mu.Lock()
					cur := s.conn
					s.mu.Unlock()
					if j.conn != cur {
						// The question came in a session mcpscope has
						// since ended (initialize again, a reconnect):
						// sent now it would go with the new session's
						// id, answering nothing there, or a question of
						// the new session that has the same id.
						s.emitError(OpReply, &WireError{Cause: CauseClosed, Message: fmt.Sprintf("not sent: the answer to the server's %s belongs to connection %d, which mcpscope ended since (connection %d is open now)", quotedMethod(j.m.method), j.conn, cur)}, j.m.seq, j.conn)
						continue
					}
					ctx, cancel := context.WithTimeout(s.life, s.cfg.RequestTimeout)
					if err := j.tr.send(ctx, j.m); err != nil {
						we := &WireError{Cause: CauseOf(err), Message: "could not answer the server's " + quotedMethod(j.m.method) + ": " + err.Error(), Err: err}
						var inner *WireError
						if errors.As(err, &inner) {
							// Its status and headers decide the advice.
							we.takeAnswer(inner)
							we.Purpose, we.Transport = inner.Purpose, inner.Transport
						}
						s.mu.Lock()
						s.replyFailed = failedReply{seq: j.m.seq, during: j.during, what: clip.Quote(we.Message, maxQuoted)}
						s.mu.Unlock()
						s.emitError(OpReply, we, j.m.seq, j.conn)
					}
					cancel()
				case <-s.life.Done():
					return
				}
			}
		}()
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
				in.unfinished.comment.Store(tap.commentOnly())
				in.unfinished.set(int64(len(tap.cur)), tap.arrived)
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
