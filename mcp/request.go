package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"sync/atomic"
	"time"
)

// Response is the answer to one of our requests.
type Response struct {
	ReqSeq    int64           // Seq of the request's sent record
	Seq       int64           // Seq of the answer's received record
	Raw       Raw             // the answer's exact bytes
	Result    json.RawMessage // nil when the answer is an error; shares the message's memory, so read it, never write it
	Error     *RPCError
	ToolError bool // a tools/call result with isError: true
	Ambiguous bool // Ambiguities finds something in Raw (RPCMessage.Ambiguous)
	// tools is Result read by ParseTools, set by ListToolsFrom where it
	// read it, nil elsewhere (Tools reads Result then).
	tools *ToolPage
}

// pending is one of our requests waiting for its answer.
type pending struct {
	seq          int64
	conn         int
	method, tool string
	chain        int64 // the first round's Seq, for a later round of a multi round-trip
	// batch is the Seq of the batch a proxied client's request came in, 0
	// for one sent alone: a batch refused whole refuses each (FailBatch).
	batch int64
	done  chan result
	// accepted is set once the server took the message (its POST was
	// answered), so a timeout can say which wait ran out.
	accepted atomic.Bool
	// headBegan is set once the first byte of the POST's answer came: a
	// status line and headers that began and never ended are not a POST
	// the server never answered.
	headBegan atomic.Bool
	// interim is the status of the last 1xx answer (100 Continue, 103
	// Early Hints) the POST got, 0 for none: word that an answer is
	// coming, which is no answer, nor an answer begun and broken off.
	interim atomic.Int32
	// afterInterim tells whether the final status began after that 1xx.
	afterInterim afterInterim
	// refused is the final status ("500 Internal Server Error") of a POST
	// the server did not take, set before its body is read: a body that
	// then stops coming came after a whole status line and headers.
	refused atomic.Pointer[string]
	// unfinished is how much of its answer came without making a whole
	// event or body yet: an answer that began and stopped coming is not a
	// slow tool.
	unfinished unfinishedAnswer
	// postSaid is what a legacy POST's 2xx answer said in its body when
	// that was more than the usual nothing or "Accepted": a bridge's error
	// page under a 200 is why no answer comes, and a timeout quotes it.
	postSaid atomic.Pointer[string]
	// resumed says how its answer's stream was last resumed, for a
	// timeout to tell a server that replays and then goes silent from a
	// slow tool.
	resumed atomic.Pointer[resumeNote]
	// deadline is when the request times out (zero for a stream that
	// has none): a dropped stream is not resumed after it.
	deadline time.Time
	// timeout is how long it waits for its answer: the request timeout,
	// or the endpoint timeout for the request that opens the session.
	timeout time.Duration
	// opening says it is that request, whose running out of time is the
	// connection's timeout.
	opening bool
	// answer is where the answer is put: made with the request, it costs
	// the stream reader nothing to fill.
	answer Response
}

// resumeNote is how a request's answer stream was last resumed: after
// which event id, and how many events came on the resumed stream since.
type resumeNote struct {
	after  string
	events atomic.Int64
	// capped is the wait the server asked for before it, past maxRetry
	// (retryAsked), "" when it did not.
	capped string
}

type result struct {
	resp *Response
	err  error
}

// waitedOn reports whether what record seq holds came while p waited and
// on a stream of p's: during is the sent record of the request on whose
// stream it came, 0 for one that may carry any request's (the GET stream,
// the legacy stream). A question asked on another request's stream is
// that request's wait, not p's.
func (p *pending) waitedOn(seq, during int64) bool {
	return seq > p.seq && (during == 0 || during == p.seq)
}

func (p *pending) finish(r *Response, err error) {
	select {
	case p.done <- result{r, err}:
	default:
	}
}

// request sends a request and waits for its answer, its timeout or ctx.
func (s *Session) request(ctx context.Context, method, tool string, params json.RawMessage) (*Response, error) {
	return s.requestChain(ctx, method, tool, params, 0)
}

// requestChain is request for a round of a multi round-trip chain whose
// first request was logged at chain (0 for a request of its own).
func (s *Session) requestChain(ctx context.Context, method, tool string, params json.RawMessage, chain int64) (*Response, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, ErrClosed
	}
	tr := s.tr
	if err := s.readyLocked(); err != nil {
		s.mu.Unlock()
		return nil, err
	}
	if err := methodHeaderErr(tr, method); err != nil {
		s.mu.Unlock()
		return nil, err
	}
	s.nextID++
	id := strconv.FormatInt(s.nextID, 10)
	if !s.cfg.NoProgress && method != "initialize" {
		// Every request asks for progress under its own id, so the pair
		// can show how far a slow one got.
		params = withMeta(params, map[string]any{"progressToken": json.RawMessage(id)})
	}
	params, header := tr.prepare(method, params)
	body := encodeMessage(id, method, params)
	opening, timeout := s.timeoutOf(ctx)
	p := &pending{conn: s.conn, method: method, tool: tool, done: make(chan result, 1), deadline: time.Now().Add(timeout), timeout: timeout, opening: opening}
	// A request detection sends is a probe: its failure is a verdict
	// about the transport, logged as such.
	sendOp := OpPost
	if s.probing {
		sendOp = OpProbe
	}
	p.seq = s.emit(Record{Kind: KindSent, RPC: &RPCMessage{Dir: DirOut, Class: ClassRequest, ID: id, Method: method, Tool: tool, Conn: s.conn, Raw: Raw(body), Chain: chain, Auto: automatic(ctx)}})
	s.loop.requested()
	s.pairs.add(id, p)
	// Added under the lock, after the closed check, so Close's Wait cannot
	// race with it.
	s.wg.Add(1)
	s.mu.Unlock()
	reportSent(ctx, p.seq)

	// The send outlives this call on purpose: when the answer beats the
	// POST's own answer back, the POST's answer is still recorded. It ends
	// early only when the request is given up on, which closes a response
	// stream the answer would have come on.
	sendCtx, cancelSend := context.WithCancel(s.life)
	posted := make(chan error, 1)
	go func() {
		defer s.wg.Done()
		// Released when the send ends, not only when the request is given
		// up on: an answered request's context stayed among the session's
		// until it closed, with net/http's under it, 500 bytes a request
		// (a re-run of 100,000 requests held 50 MB of them).
		defer cancelSend()
		posted <- tr.send(sendCtx, &outgoing{class: ClassRequest, method: method, body: body, seq: p.seq, p: p, id: id, header: header})
	}()
	sentAt := time.Now()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	giveUp := func(err error) (*Response, error) {
		cancelSend()
		if sendOp == OpProbe && posted != nil {
			// A probe's POST is recorded before detection moves on, so its
			// exchange counts among this transport's attempts and not the
			// next one's. Cancelled, it ends at once; the bound is for a
			// send that does not.
			select {
			case <-posted:
			case <-time.After(time.Second):
			}
		}
		return nil, err
	}
	for {
		select {
		case r := <-p.done:
			return r.resp, r.err
		case err := <-posted:
			posted = nil
			if err == nil {
				continue
			}
			if errors.Is(err, context.Canceled) && ctx.Err() != nil {
				err = ctx.Err()
			}
			if method == "server/discover" {
				err = refusedDiscover(err, s.cfg.Transport == TransportStateless || s.cfg.Protocol != "" && IsModern(s.cfg.Protocol))
			}
			op := sendOp
			if CauseOf(err) == CauseReplaced {
				// Ended here, with the session it was sent in.
				op = OpCancelled
			}
			if CauseOf(err) == CausePostTimeout {
				// The POST's deadline is the request's own: whichever
				// timer fires first, the request timed out unanswered.
				op, err = OpTimeout, s.timeoutError(p, id)
			}
			if s.abandon(id, p, op, err) {
				if op == OpTimeout {
					s.tellCancelled(tr, id, p.method, timedOutReason(timeout))
				}
				return giveUp(err)
			}
		case <-timer.C:
			err := s.timeoutError(p, id)
			if s.abandon(id, p, OpTimeout, err) {
				// Nobody waits for the answer any more: the server is
				// told, as a cancel by hand tells it, so a slow tool
				// does not run on for no one.
				s.tellCancelled(tr, id, p.method, timedOutReason(timeout))
				return giveUp(err)
			}
		case <-ctx.Done():
			op, why := OpCancelled, error(ctx.Err())
			if dl, ok := ctx.Deadline(); ok && errors.Is(ctx.Err(), context.DeadlineExceeded) {
				// The caller's own deadline ran out (detection's endpoint
				// timeout): to the person that is a timeout, not a cancel.
				te := s.timeoutError(p, id)
				te.After = dl.Sub(sentAt).Round(time.Millisecond).String()
				te.Opening = method == "initialize" || method == "server/discover"
				op, why = OpTimeout, te
			}
			if s.abandon(id, p, op, why) {
				s.tellCancelled(tr, id, p.method, "cancelled in mcpscope")
				if te, ok := why.(*TimeoutError); ok && p.opening {
					// The opening's deadline and the request's own are
					// one wait: whichever fired, its words say what came.
					return giveUp(te)
				}
				return giveUp(ctx.Err())
			}
		}
	}
}

// tellCancelled tells a server of the 2025 eras that a request was given up
// on (notifications/cancelled); in 2026 closing its stream says it. It is
// sent before the caller returns, bounded, so a command interrupted right
// after (ctrl+c in exec) still tells the server. initialize is never
// cancelled (the specification forbids it), and a server that did not
// answer detection's probe is told nothing it did not ask for.
func (s *Session) tellCancelled(tr transport, id, method, reason string) {
	if _, modern := modernOf(tr); modern || method == "initialize" {
		return
	}
	s.mu.Lock()
	probing := s.probing
	s.mu.Unlock()
	if probing {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithValue(s.goodbye, leavingKey{}, true), 300*time.Millisecond)
	defer cancel()
	r, _ := json.Marshal(reason)
	params := json.RawMessage(`{"requestId":` + id + `,"reason":` + string(r) + `}`)
	_ = s.Notify(ctx, "notifications/cancelled", params)
}

// timedOutReason is the reason notifications/cancelled gives for a
// request that outlived its timeout.
func timedOutReason(timeout time.Duration) string {
	return "no answer within " + DurationText(timeout) + ": mcpscope stopped waiting"
}

// timeoutError says a request went unanswered, and names the answers that
// came back meanwhile for requests we never sent.
func (s *Session) timeoutError(p *pending, id string) *TimeoutError {
	te := &TimeoutError{Method: p.method, ID: id, After: DurationText(p.timeout), Opening: p.opening, Accepted: p.accepted.Load(), Unfinished: p.unfinished.n.Load(), Length: p.unfinished.length.Load(), CommentOnly: p.unfinished.comment.Load(), HeadBegan: p.headBegan.Load(), Interim: int(p.interim.Load())}
	if te.Interim != 0 {
		// The first byte net/http told of was the 1xx's.
		te.HeadBegan = p.afterInterim.finalBegan()
	}
	if r := p.refused.Load(); r != nil && !te.Accepted {
		te.Refused, te.HeadBegan = *r, true
	}
	if last := p.unfinished.last.Load(); te.Unfinished > 0 && last != 0 {
		// Still coming when its last byte came in the second half of the
		// wait: a server trickling it, not one that stopped.
		te.StillComing = s.cfg.Now().Sub(time.Unix(0, last)) < p.timeout/2
	}
	if said := p.postSaid.Load(); said != nil {
		te.PostSaid = *said
	}
	if r := p.resumed.Load(); r != nil {
		te.ResumedAfter, te.ResumedEvents, te.ResumeAsked, te.ResumeCap = r.after, int(r.events.Load()), r.capped, s.cfg.MaxRetry
	}
	s.mu.Lock()
	if s.tr != nil {
		te.Transport = s.tr.name()
	}
	if f := s.replyFailed; p.waitedOn(f.seq, f.during) {
		te.ReplyFailed = f.what
	}
	te.Unanswered = s.unansweredDuringLocked(p)
	te.strays = s.straysLocked(p, id)
	s.mu.Unlock()
	return te
}

// straysSince says what came back, since request p (id) was sent, that
// answered nothing: for the error that says its answer never came.
func (s *Session) straysSince(p *pending, id string) strays {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.straysLocked(p, id)
}

// answerLost is the failure of request m whose POST ended without its
// answer, as msg says, on transport: what strayed meanwhile is added to
// msg, and an error with id null among it, the server's word that it could
// not read the request, marks it Unread. contentType is what the answer
// was read as (application/json or text/event-stream), for advice to
// say which.
func (s *Session) answerLost(m *outgoing, transport, contentType string, err error, msg string) *WireError {
	st := s.straysSince(m.p, m.id)
	return &WireError{Cause: CauseNoResponse, Transport: transport, Purpose: PurposePost, Err: err,
		Header: map[string]string{"Content-Type": contentType},
		Unread: len(st.NullErrors) > 0, Strayed: st.answeredNothing(), Message: msg + strayWords(st)}
}

// straysLocked is straysSince with s.mu held.
func (s *Session) straysLocked(p *pending, id string) strays {
	var st strays
	for _, f := range s.foreign {
		switch {
		case f.seq <= p.seq:
		case f.event != "":
			if SameID(f.id, id) {
				st.Misnamed = append(st.Misnamed, f.event)
			}
		case f.malformed:
			st.Malformed = append(st.Malformed, f.id)
		case f.unreadable != "":
			st.Unreadable = append(st.Unreadable, f.unreadable)
		case f.dataAlike != "":
			st.DataAlike = append(st.DataAlike, f.dataAlike)
		case f.nullError != "":
			st.NullErrors = append(st.NullErrors, f.nullError)
		case f.first == id:
			st.Shadowed = append(st.Shadowed, f.id)
		case len(f.id) == len(id)+2 && f.id[0] == '"' && f.id[1:len(f.id)-1] == id:
			st.Retyped = append(st.Retyped, f.id)
		default:
			st.Foreign = append(st.Foreign, f.id)
		}
	}
	return st
}

// readyLocked says why nothing can be sent now; s.mu is held.
func (s *Session) readyLocked() error {
	if s.tr == nil {
		return &WireError{Cause: CauseNotConnected, Message: "not connected: no transport has been opened"}
	}
	return s.tr.ready()
}

// abandon stops waiting for id and records why. It reports false when the
// answer won the race and is already in p.done.
func (s *Session) abandon(id string, p *pending, op string, err error) bool {
	s.mu.Lock()
	if !s.pairs.abandon(id, p) {
		s.mu.Unlock()
		return false
	}
	s.mu.Unlock()
	s.emitError(op, err, p.seq, p.conn)
	return true
}

// failPending ends every request of connection conn with err: the stream
// its answers would have come on is gone.
func (s *Session) failPending(conn int, op string, err error) {
	s.mu.Lock()
	failed := s.pairs.abandonConn(conn)
	s.mu.Unlock()
	for _, p := range failed {
		s.emitError(op, err, p.seq, conn)
		p.finish(nil, err)
	}
}

// waiting reports whether the request with this id still waits for its
// answer.
func (s *Session) waiting(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pairs.waiting(id)
}

// answeredBefore reports whether an answer with id answered one of our
// requests already.
func (s *Session) answeredBefore(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pairs.answeredBefore(id)
}

// Notify sends a notification; only its delivery can fail it.
func (s *Session) Notify(ctx context.Context, method string, params json.RawMessage) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	if err := s.readyLocked(); err != nil {
		s.mu.Unlock()
		return err
	}
	tr := s.tr
	if err := methodHeaderErr(tr, method); err != nil {
		s.mu.Unlock()
		return err
	}
	params, header := tr.prepare(method, params)
	body := encodeMessage("", method, params)
	seq := s.emit(Record{Kind: KindSent, RPC: &RPCMessage{Dir: DirOut, Class: ClassNotification, Method: method, Conn: s.conn, Raw: Raw(body)}})
	s.wg.Add(1) // Close waits for the POST's record
	s.mu.Unlock()
	defer s.wg.Done()
	ctx, cancel := context.WithTimeout(ctx, s.cfg.RequestTimeout)
	defer cancel()
	err := tr.send(ctx, &outgoing{class: ClassNotification, method: method, body: body, seq: seq, header: header})
	if err != nil {
		s.emitError(OpPost, err, seq, 0)
	}
	return err
}

// encodeMessage builds a request (id != "") or notification. The shape is
// fixed by hand so the bytes on the wire are predictable in recordings.
func encodeMessage(id, method string, params json.RawMessage) []byte {
	m, _ := json.Marshal(method)
	b := make([]byte, 0, 64+len(params))
	b = append(b, `{"jsonrpc":"2.0"`...)
	if id != "" {
		b = append(b, `,"id":`...)
		b = append(b, id...)
	}
	b = append(b, `,"method":`...)
	b = append(b, m...)
	if len(params) > 0 {
		b = append(b, `,"params":`...)
		b = append(b, params...)
	}
	return append(b, '}')
}
