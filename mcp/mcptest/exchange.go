package mcptest

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Exchange is one POSTed message to a streamable or stateless fake, on its
// way through the fake's Handle. The handler runs on a goroutine of its own
// and scripts the answer as it goes: 202 for a notification or a response,
// and for a request either one application/json body or an SSE stream of
// notifications, server requests and finally the response. Every method is
// safe to call from other goroutines; every wait takes a context.
type Exchange struct {
	Message
	// Session is the stateful session the POST belongs to (an initialize
	// makes it first); nil on the stateless fake.
	Session *Session
	// Meta is the request's parsed params._meta on the stateless fake; nil
	// on the stateful one.
	Meta *Meta
	// Record is the journal entry of the POST as it was on arrival.
	Record Request

	ctx       context.Context
	stream    *sseStream
	att       *attachment
	stateful  *StreamableServer
	stateless *StatelessServer

	mu       sync.Mutex
	mode     answerMode
	answered bool // the response (or a raw status answer) was written
}

// answerMode is how a request's answer goes on the wire.
type answerMode int

const (
	modeUnset answerMode = iota
	modeJSON
	modeSSE
)

// AnswerMode chooses how a fake answers a request: one application/json
// body or a text/event-stream.
type AnswerMode int

const (
	// AnswerDefault leaves the choice to the next level of configuration.
	AnswerDefault AnswerMode = iota
	// AnswerSSE answers with a text/event-stream, even for one message.
	AnswerSSE
	// AnswerJSON answers with one application/json body when the handler
	// sends nothing before the response.
	AnswerJSON
)

// ErrNoSession is returned by server requests on the stateless fake, which
// has no session to send them in.
var ErrNoSession = errors.New("mcptest: the stateless fake sends no server requests")

// Context is done when the exchange should stop: on the stateless fake when
// the client closes the answer (that is how 2026 cancels) or the server
// closes; on the stateful fake when the client sends notifications/cancelled
// for the request, the session ends or the server closes (a dropped stream
// can be resumed, so it does not cancel).
func (x *Exchange) Context() context.Context { return x.ctx }

// Header is the header map of the answer, for extra headers; change it
// before the first write, and only while the exchange's answer is open.
func (x *Exchange) Header() http.Header { return x.att.w.Header() }

// JSON makes the answer one application/json body; it has no effect once
// the answer's form was fixed (by a write, or by an option).
func (x *Exchange) JSON() { x.setMode(modeJSON) }

// SSE makes the answer a text/event-stream; it has no effect once the
// answer's form was fixed.
func (x *Exchange) SSE() { x.setMode(modeSSE) }

func (x *Exchange) setMode(m answerMode) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.mode == modeUnset {
		x.mode = m
	}
}

// decided returns the answer mode, fixing it on first use.
func (x *Exchange) decided(fallback answerMode) answerMode {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.mode == modeUnset {
		x.mode = fallback
	}
	return x.mode
}

// FlushHeaders sends the SSE answer's status and headers now, before any
// event (by default they go out with the first event, as from the Go SDK).
func (x *Exchange) FlushHeaders() error {
	x.SSE()
	return x.stream.writeRaw("")
}

// Status answers the POST with exactly this status, Content-Type (none if
// empty) and body: 400 text/plain, 406, a text/html page, a JSON body that
// is not JSON-RPC, a Content-Type that is neither JSON nor SSE...
func (x *Exchange) Status(code int, contentType, body string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.rawAnswerLocked(code, contentType, body)
}

// StatusOpen answers like Status but never ends the body (it has no
// Content-Length): the answer stays open until the handler returns, as a
// hostile server keeps a 202 open. The handler waits for the client to
// leave on Request.Context.
func (x *Exchange) StatusOpen(code int, contentType, body string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.answerLocked(code, contentType, body, false)
}

func (x *Exchange) rawAnswerLocked(code int, contentType, body string) {
	x.answerLocked(code, contentType, body, true)
}

func (x *Exchange) answerLocked(code int, contentType, body string, ends bool) {
	if x.answered {
		return
	}
	x.answered = true
	x.stream.mu.Lock()
	defer x.stream.mu.Unlock()
	a := x.stream.att
	if a == nil || a.wrote {
		return
	}
	if ends {
		a.w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	}
	a.writeHeader(code, contentType)
	_ = a.write(body) // A client that left will see nothing either way.
}

// Interim sends a 1xx informational answer (100 Continue, 103 Early
// Hints) ahead of the POST's answer, once per call; the answer itself
// comes from Reply, Status and the rest, or never.
func (x *Exchange) Interim(code int) {
	x.stream.mu.Lock()
	defer x.stream.mu.Unlock()
	if a := x.stream.att; a != nil && !a.wrote {
		// net/http writes a 1xx at once, and leaves the real status
		// to come.
		a.w.WriteHeader(code)
	}
}

// Accept answers 202 with no body, the answer to a notification or a
// response.
func (x *Exchange) Accept() { x.Status(http.StatusAccepted, "", "") }

// Fail answers with this HTTP status and a JSON-RPC error for this request
// as an application/json body: the shape of the 2026 errors (400 -32020,
// 404 -32601...). A request without an id gets no id member.
func (x *Exchange) Fail(status, code int, message string, data any) {
	x.Status(status, "application/json", x.frame(errorMember(code, message, data)))
}

// Result answers with a JSON-RPC result for this request; v is marshalled
// with encoding/json. The stateless fake adds resultType (and _meta with
// Options.MetaOnEveryResult) unless v already has them.
func (x *Exchange) Result(v any) {
	raw, err := json.Marshal(v)
	if err != nil {
		x.Error(-32603, "mcptest: cannot marshal result: "+err.Error())
		return
	}
	if x.stateless != nil {
		raw = x.stateless.decorate(raw)
	}
	x.Reply(x.frame(`"result":` + string(raw)))
}

// Error answers with a JSON-RPC error for this request, in a 200 answer.
func (x *Exchange) Error(code int, message string) { x.ErrorData(code, message, nil) }

// ErrorData is Error with a data member (omitted when nil).
func (x *Exchange) ErrorData(code int, message string, data any) {
	x.Reply(x.frame(errorMember(code, message, data)))
}

// errorMember frames the error member of a response.
func errorMember(code int, message string, data any) string {
	raw, err := json.Marshal(rpcError{Code: code, Message: message, Data: data})
	if err != nil {
		raw, _ = json.Marshal(rpcError{Code: code, Message: message}) // Only data can fail.
	}
	return `"error":` + string(raw)
}

// frame makes a response message for this request's id around member.
func (x *Exchange) frame(member string) string { return response(x.ID, member) }

// response frames a response message for id around a result or error
// member; with no id it has no id member.
func response(id json.RawMessage, member string) string {
	if len(id) == 0 {
		return `{"jsonrpc":"2.0",` + member + `}`
	}
	return `{"jsonrpc":"2.0","id":` + idKey(id) + `,` + member + `}`
}

// Reply answers with raw, a JSON-RPC message written exactly: the body of
// an application/json answer, or the last event of the SSE stream.
func (x *Exchange) Reply(raw string) {
	if x.decided(x.defaultMode()) == modeJSON {
		x.mu.Lock()
		first := !x.answered
		x.rawAnswerLocked(http.StatusOK, "application/json", raw)
		x.mu.Unlock()
		if first {
			x.journal().answer(x.att.rec)
		}
		return
	}
	x.mu.Lock()
	if x.answered {
		x.mu.Unlock()
		return
	}
	x.answered = true
	x.mu.Unlock()
	_ = x.stream.send("message", raw) // A dropped stream keeps it for replay, if it can.
	x.journal().answer(x.att.rec)
}

// Answered reports whether the response has been written.
func (x *Exchange) Answered() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.answered
}

// journal is the fake's record, whose changes wake every Wait.
func (x *Exchange) journal() *journal {
	if x.stateful != nil {
		return x.stateful.j
	}
	return x.stateless.j
}

// defaultMode is what the fake's options say for this method.
func (x *Exchange) defaultMode() answerMode {
	if x.stateful != nil {
		return x.stateful.answerMode(x.Method)
	}
	return x.stateless.answerMode(x.Method)
}

// Event writes raw (a JSON-RPC message) as an "event: message" before the
// response, which makes the answer an SSE stream. When the answer was made
// application/json on purpose, the stateful fake sends the event on the
// session's GET stream instead (as the Go SDK does) and the stateless fake
// drops it with ErrJSONAnswer. Any other error means no HTTP response
// carries the stream now (it was cut); an event store keeps the event.
func (x *Exchange) Event(raw string) error {
	s, err := x.eventStream()
	if err != nil {
		return err
	}
	return s.send("message", raw)
}

// ErrJSONAnswer is returned when a stateless exchange answering with one
// application/json body is asked to send an event before it.
var ErrJSONAnswer = errors.New("mcptest: this answer is application/json and carries no events")

// eventStream is where events before the response go.
func (x *Exchange) eventStream() (*sseStream, error) {
	if x.decided(modeSSE) == modeSSE {
		return x.stream, nil
	}
	if x.Session != nil {
		return x.Session.get, nil
	}
	return nil, ErrJSONAnswer
}

// WriteRaw writes b exactly on the answer's SSE stream (comments, odd
// framing); it is not kept for replay.
func (x *Exchange) WriteRaw(b string) error {
	x.SSE()
	return x.stream.writeRaw(b)
}

// Notify sends a notification on the answer's SSE stream before the
// response; params are marshalled with encoding/json (nil for none).
func (x *Exchange) Notify(method string, params any) error {
	raw, err := notification(method, params)
	if err != nil {
		return err
	}
	return x.Event(raw)
}

// notification frames a JSON-RPC notification.
func notification(method string, params any) (string, error) {
	m, err := json.Marshal(method)
	if err != nil {
		return "", err
	}
	if params == nil {
		return `{"jsonrpc":"2.0","method":` + string(m) + `}`, nil
	}
	p, err := json.Marshal(params)
	if err != nil {
		return "", err
	}
	return `{"jsonrpc":"2.0","method":` + string(m) + `,"params":` + string(p) + `}`, nil
}

// ProgressToken returns params._meta.progressToken as raw JSON, or nil.
func (x *Exchange) ProgressToken() json.RawMessage {
	var p struct {
		Meta struct {
			ProgressToken json.RawMessage `json:"progressToken"`
		} `json:"_meta"`
	}
	_ = json.Unmarshal(x.Params, &p) // No params mean no token.
	return p.Meta.ProgressToken
}

// Progress sends notifications/progress for the request's progressToken;
// it sends nothing when the request carries none.
func (x *Exchange) Progress(progress, total float64, message string) error {
	token := x.ProgressToken()
	if token == nil {
		return nil
	}
	params := map[string]any{"progressToken": token, "progress": progress, "total": total}
	if message != "" {
		params["message"] = message
	}
	return x.Notify("notifications/progress", params)
}

// Log sends notifications/message at this level. The stateless fake sends
// it only when _meta carries io.modelcontextprotocol/logLevel and level is
// at least that severe; the stateful fake always sends it.
func (x *Exchange) Log(level string, data any) error {
	if x.Meta != nil && !x.Meta.wantsLog(level) {
		return nil
	}
	return x.Notify("notifications/message", map[string]any{"level": level, "logger": "fake", "data": data})
}

// ServerRequest sends a request of the server's own (ping, elicitation,
// sampling, roots, anything) on the answer's SSE stream and waits for the
// client to POST its response; it returns that response message. The
// stateless fake has no server requests and returns ErrNoSession.
func (x *Exchange) ServerRequest(ctx context.Context, method string, params any) (json.RawMessage, error) {
	if x.Session == nil {
		return nil, ErrNoSession
	}
	s, err := x.eventStream()
	if err != nil {
		return nil, err
	}
	return x.Session.request(ctx, s, method, params)
}

// Cut ends the answer's HTTP response before the response message, cleanly:
// with retry > 0 it first writes "retry: <ms>\n\n" (the 2025-11-25 shape of
// a server closing on purpose), with 0 it just ends (the stream "ends with
// no response"). Later events go to the event store, if any, for a GET with
// Last-Event-ID to replay.
func (x *Exchange) Cut(retry time.Duration) {
	x.SSE()
	prelude := ""
	if retry > 0 {
		prelude = "retry: " + strconv.FormatInt(retry.Milliseconds(), 10) + "\n\n"
	}
	x.stream.cut(prelude, false)
}

// Break ends the answer's HTTP response by breaking the connection, as a
// network failure would: the client sees an unexpected EOF.
func (x *Exchange) Break() {
	x.SSE()
	x.stream.cut("", true)
}

// finish runs after Handle returned: a request that got no answer gets an
// empty SSE stream (a stream that "ends with no response"), anything else
// that got none gets 202.
func (x *Exchange) finish() {
	x.mu.Lock()
	if !x.answered && x.mode == modeUnset && x.Kind != KindRequest {
		x.rawAnswerLocked(http.StatusAccepted, "", "")
	}
	x.mu.Unlock()
	x.stream.finish()
}
