package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"
	"unsafe"
)

// Response is the answer to one of our requests.
type Response struct {
	ReqSeq    int64           // Seq of the request's sent record
	Seq       int64           // Seq of the answer's received record
	Raw       Raw             // the answer's exact bytes
	Result    json.RawMessage // nil when the answer is an error; shares the message's memory, so read it, never write it
	Error     *RPCError
	ToolError bool // a tools/call result with isError: true
	Late      bool
}

// RPCError is a JSON-RPC error object.
type RPCError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *RPCError) Error() string {
	s := fmt.Sprintf("JSON-RPC error %d: %s", e.Code, e.Message)
	if len(e.Data) > 0 {
		s += " (data: " + string(e.Data) + ")"
	}
	return s
}

// TimeoutError is a request that got no answer in time.
type TimeoutError struct {
	Method   string
	ID       string
	After    string
	Accepted bool // the POST was answered; the wait was for the stream
}

func (e *TimeoutError) Error() string {
	if !e.Accepted {
		return fmt.Sprintf("no answer to %s (id %s) within %s: the POST itself got no answer (some servers hang on an unknown session: press r to reconnect)", e.Method, e.ID, e.After)
	}
	return fmt.Sprintf("no answer to %s (id %s) within %s: the server accepted it but nothing came back on the stream (raise --timeout for slow tools)", e.Method, e.ID, e.After)
}

// pending is one of our requests waiting for its answer.
type pending struct {
	seq          int64
	conn         int
	method, tool string
	done         chan result
	// answer is where the answer is put: made with the request, it costs
	// the stream reader nothing to fill.
	answer Response
}

type result struct {
	resp *Response
	err  error
}

func (p *pending) finish(r *Response, err error) {
	select {
	case p.done <- result{r, err}:
	default:
	}
}

// request sends a request and waits for its answer, its timeout or ctx.
func (s *Session) request(ctx context.Context, method, tool string, params json.RawMessage) (*Response, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, ErrClosed
	}
	if s.endpoint == nil {
		s.mu.Unlock()
		return nil, errNoEndpoint()
	}
	s.nextID++
	n := s.nextID
	id := strconv.FormatInt(n, 10)
	body := encodeMessage(id, method, params)
	p := &pending{conn: s.conn, method: method, tool: tool, done: make(chan result, 1)}
	seq := s.emit(Record{Kind: KindSent, RPC: &RPCMessage{Dir: DirOut, Class: ClassRequest, ID: id, Method: method, Tool: tool, Conn: s.conn, Raw: Raw(body)}})
	p.seq = seq
	s.pending[n] = p
	// Added under the lock, after the closed check, so Close's Wait cannot
	// race with it.
	s.wg.Add(1)
	s.mu.Unlock()

	// The POST outlives this call on purpose: when the answer beats the 202
	// back, the 202 is still recorded.
	posted := make(chan error, 1)
	go func() {
		defer s.wg.Done()
		posted <- s.post(s.life, body, p.seq)
	}()
	timer := time.NewTimer(s.cfg.RequestTimeout)
	defer timer.Stop()
	for {
		select {
		case r := <-p.done:
			return r.resp, r.err
		case err := <-posted:
			posted = nil
			op := OpPost
			if postTimedOut(err) {
				// The POST's deadline is the request's own: whichever
				// timer fires first, the request timed out unanswered.
				op, err = OpTimeout, &TimeoutError{Method: method, ID: id, After: s.cfg.RequestTimeout.String()}
			}
			if err != nil && s.abandon(n, p, op, err) {
				return nil, err
			}
		case <-timer.C:
			var err error = &TimeoutError{Method: method, ID: id, After: s.cfg.RequestTimeout.String(), Accepted: posted == nil}
			if s.abandon(n, p, OpTimeout, err) {
				return nil, err
			}
		case <-ctx.Done():
			if s.abandon(n, p, OpCancelled, ctx.Err()) {
				return nil, ctx.Err()
			}
		}
	}
}

// postTimedOut reports whether a POST failed by running out of time.
func postTimedOut(err error) bool {
	var pe *PostError
	return errors.As(err, &pe) && pe.Status == 0 && errors.Is(pe.Err, context.DeadlineExceeded)
}

// abandon stops waiting for id and records why. It reports false when the
// answer won the race and is already in p.done.
func (s *Session) abandon(id int64, p *pending, op string, err error) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pending[id] != p {
		return false
	}
	delete(s.pending, id)
	s.abandoned[id] = p.seq
	msg, hint := err.Error(), ""
	var pe *PostError
	if errors.As(err, &pe) {
		hint = pe.Hint
		pe.Hint = ""
		msg = pe.Error()
		pe.Hint = hint
	}
	s.emitError(op, msg, hint, p.seq, p.conn)
	return true
}

// Notify sends a notification; only the POST can fail it.
func (s *Session) Notify(ctx context.Context, method string, params json.RawMessage) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	if s.endpoint == nil {
		s.mu.Unlock()
		return errNoEndpoint()
	}
	body := encodeMessage("", method, params)
	seq := s.emit(Record{Kind: KindSent, RPC: &RPCMessage{Dir: DirOut, Class: ClassNotification, Method: method, Conn: s.conn, Raw: Raw(body)}})
	s.wg.Add(1) // Close waits for the POST's record
	s.mu.Unlock()
	defer s.wg.Done()
	err := s.post(ctx, body, seq)
	if err != nil {
		s.emitError(OpPost, err.Error(), "", seq, 0)
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

// handleMessage classifies the data of a message event and pairs answers.
// ev, the event's record, is logged just before the first message record.
func (s *Session) handleMessage(c *connection, ev *Record, data string, at time.Time) {
	b := bytesOf(data)
	i := skipSpace(b, 0)
	if i < len(b) && b[i] == '[' {
		m := c.msgs.newFor(len(data))
		*m = RPCMessage{Dir: DirIn, Class: ClassBatch, Conn: c.n, Raw: Raw(data)}
		s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
		for j := skipSpace(b, i+1); j < len(b) && b[j] != ']'; {
			end := valueEnd(b, j)
			if end < 0 {
				return
			}
			s.handleOne(c, nil, data[j:end], at)
			j = skipSpace(b, end)
			if j < len(b) && b[j] == ',' {
				j = skipSpace(b, j+1)
			}
		}
		return
	}
	s.handleOne(c, ev, data, at)
}

// handleOne logs one message, after ev when that is not nil, and acts on it.
func (s *Session) handleOne(c *connection, ev *Record, raw string, at time.Time) {
	b := bytesOf(raw)
	conn := c.n
	m := c.msgs.newFor(len(raw))
	*m = RPCMessage{Dir: DirIn, Conn: conn, Raw: Raw(raw)}
	p, ok := peekMessage(b)
	switch {
	case !ok:
		m.Class = ClassInvalid
	case p.method != nil:
		m.Method = unquote(p.method)
		if p.id == nil {
			m.Class = ClassNotification
			if m.Method == "notifications/tools/list_changed" {
				// The next tools/call lists again before coercing arguments.
				s.mu.Lock()
				s.tools = nil
				s.mu.Unlock()
			}
			break
		}
		m.Class, m.ID = ClassServerRequest, stringOf(p.id)
		seq := s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
		s.answerServer(conn, seq, m.ID, m.Method)
		return
	case p.result != nil || p.errv != nil:
		m.ID = stringOf(p.id)
		m.RPCError = p.errv != nil && string(p.errv) != "null"
		m.ToolError = p.toolError
		s.pairAnswer(ev, m, p, at)
		return
	default:
		m.Class = ClassInvalid
	}
	s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
}

// pairAnswer matches an answer with our request by id and logs it after ev;
// ids in the server's own id space or from other sessions stay unpaired.
func (s *Session) pairAnswer(ev *Record, m *RPCMessage, p peeked, at time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, ours := parseOurID(p.id)
	if req, ok := s.pending[n]; ours && ok {
		delete(s.pending, n)
		m.Class, m.ReqSeq, m.Method, m.Tool = ClassResponse, req.seq, req.method, req.tool
		seq := s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
		resp := &req.answer
		*resp = Response{ReqSeq: req.seq, Seq: seq, Raw: m.Raw, ToolError: m.ToolError}
		if m.RPCError {
			resp.Error = &RPCError{}
			if err := json.Unmarshal(p.errv, resp.Error); err != nil {
				resp.Error = &RPCError{Code: -32700, Message: "unreadable error object: " + string(p.errv)}
			}
		} else {
			// A view of the message's immutable bytes, not a copy: the
			// Result doc says it must not be written to.
			resp.Result = json.RawMessage(p.result)
		}
		req.finish(resp, nil)
		return
	}
	if seq, ok := s.abandoned[n]; ours && ok {
		delete(s.abandoned, n)
		m.Class, m.ReqSeq = ClassLate, seq
	} else {
		m.Class = ClassForeign
	}
	s.out.emitAfter(ev, Record{Time: at, Kind: KindReceived, RPC: m})
}

// answerServer replies to a server request at once: ping gets an empty
// result (servers close the stream over an unanswered ping), anything else
// a method-not-found error so the server does not wait forever.
func (s *Session) answerServer(conn int, reqSeq int64, id, method string) {
	var body []byte
	if method == "ping" {
		body = []byte(`{"jsonrpc":"2.0","id":` + id + `,"result":{}}`)
	} else {
		msg, _ := json.Marshal("mcpscope does not implement " + method)
		body = []byte(`{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32601,"message":` + string(msg) + `}}`)
	}
	seq := s.emit(Record{Kind: KindSent, RPC: &RPCMessage{Dir: DirOut, Class: ClassReply, ID: id, Method: method, ReqSeq: reqSeq, Conn: conn, Raw: Raw(body)}})
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		if err := s.post(s.life, body, seq); err != nil {
			s.emitError(OpReply, "could not answer the server's "+method+": "+err.Error(), "", seq, conn)
		}
	}()
}

// parseOurID reads an id that could be one of ours: we send positive
// integers written plainly, so "1", not "01", "1.0" or "\"1\"", which stay
// foreign and so show a server that mangled the id.
func parseOurID(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 || b[0] == '0' {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// bytesOf views a message's string as bytes, and stringOf views those bytes
// (or a part of them) as a string again, without copying. Safe because the
// strings come from the wire and are never written to: every message is
// read on the hot path, and a copy of each would cost more than reading it.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

func stringOf(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// errNoEndpoint is why nothing can be sent while the stream has no endpoint.
func errNoEndpoint() error {
	return &ConnectError{Message: "not connected: the stream has no endpoint", Hint: "reconnect first (r in the TUI)"}
}
