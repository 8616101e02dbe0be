package mcp

import (
	"cmp"
	"io"
	"sync"
	"time"
)

// Observer records a conversation mcpscope relays but takes no part in: a
// real client talking to a real server through the proxy. It makes the same
// records a Session makes, so the same panes, recordings, replay and export
// work: what the client sent is "sent", what the server sent is
// "received", the client's requests are paired with the server's answers
// (and the server's requests with the client's replies) by the exact text
// of their ids, and event streams are read by the same SSE reader. Its
// methods are safe for concurrent use.
type Observer struct {
	out *emitter
	now func() time.Time
	max int

	mu     sync.Mutex
	client pairing // the client's requests, answered by the server
	server pairing // the server's requests, answered by the client
	closed bool
	// rounds are the multi round-trip requests the server asked input
	// for: the first round's Seq by roundKey, so the client's next round
	// is logged as the same chain, as a Session logs its own.
	rounds map[string]int64
}

// maxOpenRounds bounds the input requests an Observer remembers: a client
// that never answers them must not grow it without end.
const maxOpenRounds = 1024

// roundKey names the round a server's input_required answer opens and the
// client's next request answers: the requestState it echoes, or, with none,
// the method and tool asked again.
func roundKey(state []byte, method, tool string) string {
	if len(state) > 0 {
		return "state\x00" + string(state)
	}
	return "call\x00" + method + "\x00" + tool
}

// openRound remembers that the server asked for input in the chain that
// began at first, by its requestState and by the method and tool (for a
// client that echoes no state); o.mu is held.
func (o *Observer) openRound(state []byte, method, tool string, first int64) {
	if len(o.rounds) >= maxOpenRounds {
		clear(o.rounds)
	}
	o.rounds[roundKey(nil, method, tool)] = first
	if len(state) > 0 {
		o.rounds[roundKey(state, method, tool)] = first
	}
}

// roundOf is the first round's Seq of the chain a client's request goes
// on, 0 for none, and forgets the round it answers; o.mu is held.
func (o *Observer) roundOf(state []byte, method, tool string) int64 {
	key, call := roundKey(state, method, tool), roundKey(nil, method, tool)
	first, ok := o.rounds[key]
	if !ok {
		first = o.rounds[call]
	}
	delete(o.rounds, key)
	delete(o.rounds, call)
	return first
}

// NewObserver starts an observer; maxEventSize bounds one SSE event (0
// means DefaultMaxEventSize) and now is the clock (nil means time.Now).
func NewObserver(maxEventSize int, now func() time.Time) *Observer {
	if maxEventSize <= 0 {
		maxEventSize = DefaultMaxEventSize
	}
	if now == nil {
		now = time.Now
	}
	return &Observer{out: newEmitter(now), now: now, max: maxEventSize, client: newPairing(), server: newPairing(), rounds: map[string]int64{}}
}

// Records is the conversation's log, as Session.Records is.
func (o *Observer) Records() <-chan []Record { return o.out.out }

// Emit logs a record the relay makes itself (an HTTP exchange, a state, an
// error) and returns its Seq.
func (o *Observer) Emit(r Record) int64 { return o.out.emit(r) }

// Close logs the end and closes Records after the last record.
func (o *Observer) Close() {
	o.mu.Lock()
	if o.closed {
		o.mu.Unlock()
		return
	}
	o.closed = true
	o.mu.Unlock()
	o.out.close()
}

// ClientMessage logs a message (or batch) the client sent, as it was sent,
// and returns the Seq of its first record. Its requests wait for the
// server's answers; its answers reply to the server's requests. The
// records keep body itself, not a copy, so the caller must never change
// it: a proxy holds each client's body within a budget while it relays
// it, and a copy beside every one held up to twice that budget.
func (o *Observer) ClientMessage(body []byte, conn int) int64 {
	return o.ClientMessagePeeked(body, PeekClient(body), conn, o.now())
}

// ClientMessagePeeked is ClientMessage of a body already read by
// PeekClient(body), which is not read again, kept as ClientMessage keeps
// it, logged as sent at at (on
// the Observer's clock): a proxy times the client's leg from that same
// moment, so an answer's time and its parts are read on one clock.
func (o *Observer) ClientMessagePeeked(body []byte, pk ClientPeek, conn int, at time.Time) int64 {
	data := stringOf(body)
	at = at.Round(0)
	var first, batch int64
	note := func(seq int64) {
		if first == 0 {
			first = seq
		}
	}
	eachMessage(data, func() {
		batch = o.out.emit(Record{Time: at, Kind: KindSent, RPC: pk.heardBy(&RPCMessage{Dir: DirOut, Class: ClassBatch, Conn: conn, Raw: Raw(data)})})
		note(batch)
	}, func(raw string) {
		m := pk.heardBy(&RPCMessage{Dir: DirOut, Conn: conn, Raw: Raw(raw), Class: ClassInvalid})
		p, sh := pk.p, pk.sh
		if pk.batch {
			p, sh = shapeOf(bytesOf(raw))
		}
		o.mu.Lock()
		defer o.mu.Unlock()
		if sh == shapeRequest {
			m.Class, m.Method, m.ID = ClassRequest, p.method, keptID(p.id)
			m.Tool = toolOf(m.Method, p.params)
			if p.inputResponses || p.echoedState != nil {
				m.Chain = o.roundOf(p.echoedState, m.Method, m.Tool)
			}
			seq := o.out.emit(Record{Time: at, Kind: KindSent, RPC: m})
			reused := o.idReused(m.ID, m.Method, m.Tool, seq)
			o.client.add(m.ID, &pending{seq: seq, conn: conn, method: m.Method, tool: m.Tool, chain: m.Chain, batch: batch})
			note(seq)
			if reused != nil {
				o.out.emit(Record{Time: at, Kind: KindError, Error: reused})
			}
			return
		}
		var cancelled *ErrorInfo
		switch sh {
		case shapeNotification:
			m.Class, m.Method = ClassNotification, p.method
			if m.Method == "notifications/cancelled" {
				// The client's own cancel names its request, as it
				// should: cancels_ours marks only the server's.
				cancelled = o.clientCancelled(p.params, conn)
			}
		case shapeAnswer:
			m.Class, m.ID = ClassReply, keptID(p.id)
			m.RPCError = p.isRPCError()
			if req, _, class := o.server.take(m.ID); class == ClassResponse {
				m.ReqSeq, m.Method = req.seq, req.method
			}
		}
		note(o.out.emit(Record{Time: at, Kind: KindSent, RPC: m}))
		if cancelled != nil {
			// After the cancellation itself, as a Session logs its own
			// cancel after sending it: the row ends where the client
			// ended it.
			o.out.emit(Record{Time: at, Kind: KindError, Error: cancelled})
		}
	})
	return first
}

// keptID is a message's id as the Observer keeps it: a copy, not a view of
// the message. A request waits for its answer with its id, and a record
// holds it for as long as its watcher keeps it: a view kept the whole
// message it was read from, which for a client's is the proxy's buffer of
// its body, past the budget that bounds those (a legacy server answers on
// its stream, so a slow tool's large calls were each held until it
// answered, and a watcher keeping its records held every body twice).
func keptID(id []byte) string { return string(id) }

// toolOf is the tool a tools/call names, for the pairs pane and for the
// Mcp-Param headers a stateless request mirrors from its arguments.
func toolOf(method string, params []byte) string {
	if method != "tools/call" || params == nil {
		return ""
	}
	name, _ := nameOf(params, "name")
	return name
}

// nameOf is the string member of params a request names its subject by
// (a tools/call's "name", a resources/read's "uri"), read as the wire
// means it: by its exact key, as JSON members are case-sensitive, so
// {"Name":"x"} names nothing (encoding/json's case-folding of struct
// fields is not the wire's rule, and a server reading params.name finds
// nothing there). It is the lookup behind the tool whose x-mcp-header
// annotations Mcp-Param headers follow and the tool a pair shows;
// mirrorHeaders reads Mcp-Name the same way (p.Get(member).Text()) from
// the params it reads once. Only that member is decoded: a member beside
// it nested past encoding/json's 10,000 levels must not lose it. It
// reports false when params has no such string member.
func nameOf(params []byte, member string) (string, bool) {
	p, ok := objectOf(params, 1)
	if !ok {
		return "", false
	}
	return p.Get(member).Text()
}

// ServerJSON logs the message(s) of a JSON answer from the server.
func (o *Observer) ServerJSON(body []byte, conn int, reqSeq int64) {
	in := &inbound{conn: conn, stream: StreamJSON, reqSeq: reqSeq}
	o.serverData(in, nil, string(body), o.now().Round(0))
}

// ServerEvents reads an event stream from the server until it ends or relay
// fails; strays (nil for none) hears of the answers on it that pair with
// nothing. Each block goes to relay the moment it is framed, before it is
// logged, so the client gets it without waiting on the log; relay may
// change what the client gets (the proxy rewrites the legacy endpoint
// event) or name the stream anew (ev.Stream), while the log keeps what the
// server sent. It returns why the stream ended (nil at its end, relay's
// error when relaying failed).
func (o *Observer) ServerEvents(r io.Reader, stream string, conn int, reqSeq int64, strays *StreamStrays, relay func(ev *SSEEvent) error) error {
	in := &inbound{conn: conn, stream: stream, reqSeq: reqSeq, strays: strays}
	var relayErr error
	var tap *sseTap
	tap = &sseTap{r: r, max: o.max, now: o.now, deliver: func(ev *SSEEvent, dispatched bool) {
		ev.Conn, ev.Stream, ev.ReqSeq = in.conn, in.stream, in.reqSeq
		if relayErr == nil {
			relayErr = relay(ev)
			// relay can name the stream anew, for this block and the rest:
			// the proxy learns from a stream's first event whether it is a
			// legacy HTTP+SSE stream or a streamable GET stream.
			in.stream = ev.Stream
		}
		rec := Record{Time: tap.arrived, Kind: KindEvent, Event: ev}
		if dispatched && (ev.Name == "message" || ev.Name == "") && ev.Data != "" {
			o.serverData(in, &rec, string(ev.Data), tap.arrived)
			return
		}
		o.out.emit(rec)
	}, holding: func(on bool) {
		if on {
			o.out.hold()
		} else {
			o.out.release()
		}
	}}
	o.out.hold()
	defer o.out.release()
	err := tap.run()
	if relayErr != nil {
		return relayErr
	}
	return err
}

// Fail ends the client's request logged at reqSeq, if it still waits: the
// client left, or the server could not be reached. An answer that comes
// later is late. It reports whether the request still waited, and so took
// the failure; when it did not, nothing is logged.
func (o *Observer) Fail(reqSeq int64, op string, err error) bool {
	o.mu.Lock()
	id, p := o.openLocked(reqSeq)
	if p != nil {
		o.client.abandon(id, p)
	}
	o.mu.Unlock()
	if p == nil {
		return false
	}
	o.out.emit(Record{Kind: KindError, Error: ErrorInfoOf(op, err, reqSeq, 0)})
	return true
}

// Waiting reports whether the client's request logged at reqSeq still
// waits for its answer: why a body answered none is worked out only when
// it did not (reading a 20 MB answer again for words Fail would drop cost
// the proxy 20 MB).
func (o *Observer) Waiting(reqSeq int64) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, p := o.openLocked(reqSeq)
	return p != nil
}

// Asked is the client's request logged at reqSeq that still waits for its
// answer: its id, method and tool ("" for none), as its record has them,
// for a failure that does not end it to say which request it was; ok is
// false when none waits.
func (o *Observer) Asked(reqSeq int64) (id, method, tool string, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	id, p := o.openLocked(reqSeq)
	if p == nil {
		return "", "", "", false
	}
	return id, p.method, p.tool, true
}

// openLocked is the client's request logged at reqSeq that waits for its
// answer, and its id; nil when none does. o.mu is held.
func (o *Observer) openLocked(reqSeq int64) (string, *pending) {
	return o.client.bySeq(reqSeq)
}

// serverData logs what the server sent, after ev when that is not nil.
func (o *Observer) serverData(in *inbound, ev *Record, data string, at time.Time) {
	eachMessage(data, func() {
		o.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: &RPCMessage{Dir: DirIn, Class: ClassBatch, Conn: in.conn, Stream: in.stream, Raw: Raw(data)}})
		ev = nil
	}, func(raw string) {
		m := in.msgs.newFor(len(raw))
		*m = RPCMessage{Dir: DirIn, Conn: in.conn, Stream: in.stream, Raw: Raw(raw), Class: ClassInvalid}
		p, sh := shapeOf(bytesOf(raw))
		if sh == shapeAnswer {
			// Read before the lock: a large answer's second pass holds
			// up no other stream.
			m.readAnswer(p)
		} else if sh == shapeRequest {
			m.readRequest()
		}
		o.mu.Lock()
		switch sh {
		case shapeNotification:
			m.Class, m.Method = ClassNotification, p.method
			if m.Method == "notifications/cancelled" {
				m.CancelsOurs = o.cancelsClients(p.params)
			}
		case shapeRequest:
			m.Class, m.Method, m.ID = ClassServerRequest, p.method, keptID(p.id)
		case shapeAnswer:
			req, reqSeq, class := o.client.takeOn(m.ID, in.reqSeq)
			m.Class, m.ReqSeq = class, reqSeq
			if class == ClassForeign {
				in.strays.shadowed(p.firstID, m.ID)
			}
			if req != nil {
				// A late answer names its request too.
				m.Method, m.Tool = req.method, req.tool
			}
			if class == ClassResponse && p.inputRequired && MayAskForInput(req.method) {
				// An answer that may not ask opens no round: the
				// client's next request of that method is a new one.
				o.openRound(p.requestState, req.method, req.tool, cmp.Or(req.chain, reqSeq))
			}
		}
		seq := o.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
		if sh == shapeRequest {
			o.server.add(m.ID, &pending{seq: seq, conn: in.conn, method: m.Method})
		}
		o.mu.Unlock()
		ev = nil
	})
}

// cancelsClients is, for the server's notifications/cancelled, the
// client's request in flight its requestId names when no request of the
// server's waits under that id, as a Session marks a cancellation naming
// its own (cancelsOurs): the client owns those ids, and without the mark
// the proxy's line and the recording said the server cancelled a request
// of its own it never sent. o.mu is held.
func (o *Observer) cancelsClients(params []byte) *OurRequest {
	c, ok := cancellationOf(0, params)
	if !ok {
		return nil
	}
	if _, p := o.server.lookup(c.key.id); p != nil {
		return nil
	}
	return o.client.inFlight(c.key.id)
}
