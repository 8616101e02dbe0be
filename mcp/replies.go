package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mcpscope/mcpscope/internal/clip"
)

// answerServer replies to a server request: ping, roots from the list and
// anything else with method not found (so the server does not wait
// forever) at once, elicitation and sampling through the Answerer. The id
// goes back exactly as the server wrote it (the message was checked to be
// JSON, so it is). Replies in flight are bounded: a server flooding
// requests waits for earlier replies instead of exhausting descriptors and
// memory.
func (s *Session) answerServer(conn int, reqSeq, during int64, rawID []byte, method string, params []byte) {
	id := string(rawID)
	// The id is echoed whole: it has to be.
	name := NameShown(method)
	if s.modern() {
		// 2026-07-28: "The client MUST NOT send JSON-RPC responses", and
		// its server asks through inputRequests, never on a stream; an
		// answer POSTed would be refused, and a question put to the user
		// could not be answered.
		s.emitError(OpReply, &WireError{Cause: CauseModernAsked,
			Message: "the server sent a request of its own, " + name + ", on a 2026-07-28 stream, where a server sends none and a client answers none: it was not answered"}, reqSeq, conn)
		return
	}
	s.mu.Lock()
	looping := s.loop.ask(during)
	s.mu.Unlock()
	if looping {
		// Answered, it would be asked again on the answer to the reply.
		s.emitError(OpReply, &WireError{Cause: CauseFlooded,
			Message: fmt.Sprintf("the server asked %s on the answer to our reply to its last request, more than %d times in a row, where a reply is answered 202 with no body: a loop, so mcpscope answers no more of them until it sends a request of its own", name, maxAskedOnReplies)}, reqSeq, conn)
		return
	}
	if method != "elicitation/create" && method != "sampling/createMessage" {
		// Ping (servers close the stream over an unanswered one), roots
		// from the list, anything else method not found: answered at
		// once, with nobody asked, so none of them waits among the
		// questions maxAsking bounds.
		s.reply(conn, reqSeq, during, id, method, s.answerAtOnce(id, method))
		return
	}
	if jsonKind(params) != "an object" {
		// Nothing a person could answer: the question is in params. Said
		// back at once as invalid params, not put to the user as an empty
		// question that holds the server until --timeout.
		s.reply(conn, reqSeq, during, id, method, errorReply(id, CodeInvalidParams, refusalPrefix(name)+paramsKind(params)+", where an object must ask the question"))
		return
	}
	if why, ok := unaskable(method, params); ok {
		// "Server sends an elicitation/create request with a mode not
		// declared in client capabilities: -32602 (Invalid params)", a
		// client MUST answer; put to the user, it read as a form. A URL
		// one naming no URL is invalid params too.
		s.reply(conn, reqSeq, during, id, method, errorReply(id, CodeInvalidParams, refusalPrefix(name)+why))
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
		s.reply(conn, reqSeq, during, id, method, errorReply(id, CodeInternalError, refusalPrefix(name)+strconv.Itoa(maxAsking)+" questions of this server are already waiting for an answer"))
		return
	}
	s.asking++
	s.wg.Add(1)
	s.mu.Unlock()
	// Registered before this reader reads on: a cancellation right behind
	// the question must find it.
	ctx, done := s.askStarted(conn, rawID, method, reqSeq, during)
	go func() {
		defer s.wg.Done()
		defer func() {
			s.mu.Lock()
			s.asking--
			s.mu.Unlock()
		}()
		res, err := s.answerInput(ctx, InputRequest{Method: method, Params: json.RawMessage(params), Seq: reqSeq})
		if errors.Is(err, ErrUnanswered) {
			// Kept before done forgets it: the wait of the request it
			// came during may run out just after its own.
			s.mu.Lock()
			s.leftOpen = failedReply{seq: reqSeq, during: during, what: askWords(method, rawID)}
			s.mu.Unlock()
		}
		cancelled := s.withdrawn(ctx, conn, reqSeq)
		// Forgotten before its answer is queued: once the server has the
		// answer it may reuse the id, and a question it asks with it must
		// find no stale entry here.
		done()
		if cancelled || s.life.Err() != nil {
			// Withdrawn by the server, or left open as the session
			// closed (the user quit with the question on screen): the
			// withdrawal or the close ends its row, and no reply can go.
			return
		}
		var body []byte
		var refusal *RPCError
		switch {
		case err == nil:
			body = resultReply(id, res)
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

// answerAtOnce is our answer to a server request no person answers: ping,
// roots from the list, method not found for a method mcpscope does not
// know.
func (s *Session) answerAtOnce(id, method string) []byte {
	res, err := s.answerInput(context.Background(), InputRequest{Method: method})
	if err != nil {
		return errorReply(id, CodeMethodNotFound, "mcpscope does not implement "+NameShown(method))
	}
	return resultReply(id, res)
}

// resultReply is our JSON-RPC answer to the server's request id (its raw
// JSON) with result res.
func resultReply(id string, res json.RawMessage) []byte {
	return []byte(`{"jsonrpc":"2.0","id":` + id + `,"result":` + string(res) + `}`)
}

// refusalPrefix opens our error answer to a server request of method
// name we could not answer; the reason follows it.
func refusalPrefix(name string) string { return "mcpscope could not answer " + name + ": " }

// RefusalReason is the reason of our error answer message to a server
// request of method: what follows refusalPrefix, or message whole when
// another wrote it (a re-run sends the recorded one as it was). Older
// builds quoted the method cut at oldNameLimit, so a refusal they
// recorded of a method longer than NameLimit still reads as theirs.
func RefusalReason(method, message string) string {
	for _, name := range []string{NameShown(method), clip.Quote(method, oldNameLimit)} {
		if reason, ok := strings.CutPrefix(message, refusalPrefix(name)); ok {
			return reason
		}
	}
	return message
}

// oldNameLimit is where builds before NameLimit cut the method our
// refusals quote: recordings they wrote keep that cut.
const oldNameLimit = 200

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
	s.loop.replied(seq)
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
						s.emitError(OpReply, &WireError{Cause: CauseClosed, Message: fmt.Sprintf("not sent: the answer to the server's %s belongs to connection %d, which mcpscope ended since (connection %d is open now)", NameShown(j.m.method), j.conn, cur)}, j.m.seq, j.conn)
						continue
					}
					ctx, cancel := context.WithTimeout(s.life, s.cfg.RequestTimeout)
					if err := j.tr.send(ctx, j.m); err != nil {
						we := &WireError{Cause: CauseOf(err), Message: "could not answer the server's " + NameShown(j.m.method) + ": " + err.Error(), Err: err}
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

// ReplyRefusal is the error a reply of ours to a server's request (m)
// carries, nil for a result. It reads the reply as every message is read
// (peekMessage), without decoding what a result holds.
func ReplyRefusal(m *RPCMessage) *RPCError {
	p, ok := peekMessage(bytesOf(string(m.Raw)))
	if !ok || p.errv == nil || string(p.errv) == "null" {
		return nil
	}
	return RPCErrorOf(p.errv)
}

// DeclinedReply is the method of the server's request r declines (the
// user's refusal, CodeUserRejected), "" when r is no such reply of ours.
// A server fails the request it asked during with the same code, and
// passes the refusal on in its SDK's words: exec and the TUI's Detail both
// tell it from a fault by the question declined while it ran.
func DeclinedReply(r *Record) string {
	m := r.RPC
	if r.Kind != KindSent || m == nil || m.Class != ClassReply {
		return ""
	}
	if e := ReplyRefusal(m); e != nil && e.Code == CodeUserRejected {
		return m.Method
	}
	return ""
}
