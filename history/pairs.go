package history

import (
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// PairKind says what a row of the pairs pane holds.
type PairKind string

// The kinds of rows.
const (
	KindRequest         PairKind = "request"          // our request and its answer
	KindNotificationOut PairKind = "notification-out" // a notification we sent
	KindNotificationIn  PairKind = "notification-in"  // a notification the server sent
	KindServerRequest   PairKind = "server-request"   // the server's request and our reply
	KindForeign         PairKind = "foreign"          // an answer to an id we never sent
	KindDuplicate       PairKind = "duplicate"        // another answer to a request answered already
	KindBatch           PairKind = "batch"            // a JSON array of messages
	KindInvalid         PairKind = "invalid"          // not a JSON-RPC message
)

// PairState says where a row stands.
type PairState string

// The states of a row.
const (
	StatePending       PairState = "pending"        // sent, no answer yet
	StateOK            PairState = "ok"             // answered with a result
	StateRPCError      PairState = "rpc-error"      // answered with a JSON-RPC error
	StateToolError     PairState = "tool-error"     // a tool result with isError: true
	StateTimedOut      PairState = "timed-out"      // no answer in time
	StateLate          PairState = "late"           // answered after it timed out
	StatePostFailed    PairState = "post-failed"    // the POST carrying it was refused or failed
	StateSent          PairState = "sent"           // a notification (or batch) we sent
	StateAnswered      PairState = "answered"       // a server request we replied to
	StateUserCancelled PairState = "user-cancelled" // a server request the user dismissed: answered {"action":"cancel"}; ended, not failed
	StateReceived      PairState = "received"       // a notification, batch or message from the server that needs no answer
	StateCancelled     PairState = "cancelled"      // we stopped waiting (the command was cancelled)
	StateFailed        PairState = "failed"         // abandoned for another reason, e.g. the stream closed while it waited
	StateDeclined      PairState = "declined"       // a server request the user declined, or answered input_required for sampling the user declined (2026 has no answer that says so, so no round followed); ended, not failed
	StateProbe         PairState = "probe"          // a detection probe the server refused: not this transport
	StateInput         PairState = "input"          // answered input_required: the server wants input, and a new round
	StateReplaced      PairState = "replaced"       // a listen stream mcpscope closed for a new one (subscribing), or a request whose session a new one replaced (r) before its dropped stream could be resumed: ended, not failed
	StateClosed        PairState = "closed"         // a listen stream, or a request unanswered, when the session closed: ended with it, not failed
	StateRedirected    PairState = "redirected"     // a proxied client's message upstream redirected with 307 or 308: the client sends it again where the redirect points; ended, not failed
)

// Failed reports whether the state is a failure of ours to show in red.
func (s PairState) Failed() bool {
	switch s {
	case StateRPCError, StateToolError, StateTimedOut, StatePostFailed, StateFailed:
		return true
	}
	return false
}

// endedHere reports a row ended here before its answer came: the user
// gave up on it, a new stream replaced it, or the session closed. An
// answer the server sends anyway is kept, and the row still says how it
// ended; nobody waits for it any more.
func (s PairState) endedHere() bool {
	return s == StateCancelled || s == StateReplaced || s == StateClosed || s == StateRedirected
}

// Pair is one row of the pairs pane: a message and, where there is one, its
// answer. Request holds the message that opened the row (ours, or the
// server's request or notification); Response holds what came back, and is
// the only message of foreign rows and of batches or invalid messages that
// came from the server. The records may be read back from the recording a
// replay plays; they must not be changed.
type Pair struct {
	Kind             PairKind
	State            PairState
	ID, Method, Tool string
	// Subject is what a prompts/get or resources/read, subscribe or
	// unsubscribe request names (the prompt, the URI), the level a
	// logging/setLevel asks for, or what a completion/complete completes
	// (the prompt or template, then the argument): rows of one method
	// read apart by it, as a tools/call's do by Tool.
	Subject           string
	Request, Response *mcp.Record
	Post              *mcp.Record // the HTTP exchange that carried Request (or Reply)
	Failure           *mcp.Record // the timeout or POST error record
	Reply             *mcp.Record // our automatic answer to a server request
	Sent, Answered    time.Time
	PostLatency       time.Duration // POST sent -> HTTP answer (the 202)
	Latency           time.Duration // request sent -> response received (0 while pending)
	ResponseSize      int
	// Chain is, for a later round of a multi round-trip request, the Seq of
	// the chain's first request; Round counts from 1.
	Chain int64
	Round int
	// Progress is the newest notifications/progress for the request:
	// progress, total (0 when unknown) and its message. Notifications
	// counts the notifications/progress folded into this row instead of
	// each opening a row of its own.
	Progress, Total float64
	ProgressMessage string
	Notifications   int
	// ProgressAt is when the newest notifications/progress came.
	ProgressAt time.Time
	// Relay is the client's leg when a proxy relayed the request, and
	// ProxyAdded the time the proxy added to the answer's headers.
	Relay      *mcp.Record
	ProxyAdded time.Duration
	// Resumes are the GETs that resumed the request's dropped response
	// stream (streamable HTTP), oldest first.
	Resumes []*mcp.Record
	// Output says how a tools/call's result breaks its tool's
	// outputSchema, or why it was not checked; "" when it keeps to it or
	// no schema is known (command.OutputMismatch). Server text: sanitize it.
	Output string
	// Ambiguous says the answer holds what JSON readers may take
	// differently (mcp.Ambiguities: a member named twice, result beside
	// error, no "jsonrpc": "2.0"); Detail says what.
	Ambiguous bool
	// ProgressProblem says how the request's progress first broke the
	// rules for it (ProgressWarning), as exec says it; "" when it kept to
	// them. Server text: sanitize it.
	ProgressProblem string
	// Anyway says the server answered the request after its
	// notifications/cancelled named it (AnsweredAnyway), and NullResult
	// that its result is no object, null or another kind (ResultShape);
	// "" otherwise.
	Anyway, NullResult string
	// StreamOpen says a listen stream showed the server took it: its
	// acknowledgement came (or, from a server that sends none, a first
	// notification on it). Until then the row is being opened.
	StreamOpen bool
	// proxied is whether the row is of a session a proxy relayed, whose
	// client answers the server's requests, not mcpscope.
	proxied bool
}

// onRPC files a JSON-RPC message into its row, opening one when the message
// starts a conversation.
func (l *Log) onRPC(r *mcp.Record) {
	m := r.RPC
	out := r.Kind == mcp.KindSent
	rw := opening{id: m.ID, method: m.Method, tool: m.Tool, sent: r.Time}
	switch m.Class {
	case mcp.ClassRequest, mcp.ClassServerRequest:
		if out {
			rw.kind, rw.state, rw.req = KindRequest, StatePending, l.cur
			x := rw.extra()
			x.chain, x.round = m.Chain, 1
			x.subject = SubjectOf(m)
			if uri := subscriptionURI(m); uri != "" {
				x.rarer().uri = uri
			}
			if _, first := l.row(m.Chain); m.Chain != 0 && first != nil {
				l.rounds[m.Chain]++
				l.lastRound[m.Chain] = int32(l.rows.n)
				x.round = l.rounds[m.Chain] + 1
			}
			if l.listenReopens.request(m.Method, m.UserStream) {
				x.ownReopen = true
			} else {
				l.stats.Requests++
			}
			if m.Method == "server/discover" || m.Method == "initialize" {
				l.probing("POST "+m.Method, r.Time)
			} else if l.stats.Protocol == "" {
				// A client that speaks 2026 with no initialize, over a
				// legacy stream where no header says so (a proxied Go
				// SDK client does), names its version in each request.
				l.stats.Protocol = requestedVersion(r)
			}
			l.neg.sentRequest(m)
			// Progress comes under the token the request named: a
			// proxied client picks its own (mcpscope's is the id).
			token, named := l.progressOf.Own(int64(l.rows.n), m)
			if named {
				l.progressWatch.Forget(token)
			}
			if token != m.ID {
				x.token = token
			}
			l.noteListen(int32(l.rows.n), m)
			if m.Method == ListenMethod && !m.UserStream {
				// A listen the user typed is a subscription of its
				// own beside the session's: unsubscribe cannot undo
				// it (x on its row closes it), so it changes nothing here.
				l.surface.subscribedListen(m)
			}
		} else {
			rw.kind, rw.state, rw.req = KindServerRequest, StatePending, l.cur
			// Unanswered when the session closes (a question left on
			// screen as the user quit), it ends with it.
			l.endsAtClose(int32(l.rows.n))
		}
		l.open(rw, r.Seq, true)
	case mcp.ClassNotification:
		l.stats.Notifications++
		if !out {
			l.listenOpened(m)
			l.serverCancelled(m)
		}
		if !out && m.Method == "notifications/progress" {
			pr, ok := mcp.ParseProgress([]byte(m.Raw))
			if ok && m.Replayed {
				if _, owned := l.progressOf.Owner(pr.Token); owned {
					// Sent again by a resumed stream: its row has it
					// already, and it would take the bar back.
					return
				}
			}
			problem := ""
			if ok {
				problem = l.progressWatch.Check(pr)
			}
			if ok && l.progress(r, pr, problem) {
				// It is shown on its request's row (the bar, the step,
				// the count in Detail) and in Raw events: a row each
				// would bury the requests under a slow tool's steps.
				return
			}
			if problem != "" {
				// A row of its own (after its request's answer, a
				// token never sent) says it, as exec does.
				rw.extra().rarer().progressProblem = problem
			}
		}
		rw.req = l.cur
		if out {
			rw.kind, rw.state = KindNotificationOut, StateSent
		} else {
			rw.kind, rw.state = KindNotificationIn, StateReceived
		}
		l.open(rw, r.Seq, out)
	case mcp.ClassResponse, mcp.ClassLate:
		l.answer(r, m.Class == mcp.ClassLate)
	case mcp.ClassReply:
		l.reply(r)
	case mcp.ClassForeign:
		l.foreign(r)
	case mcp.ClassDuplicate:
		l.duplicate(r)
	default:
		rw.kind = KindInvalid
		if m.Class == mcp.ClassBatch {
			rw.kind = KindBatch
		}
		if out {
			rw.state, rw.req = StateSent, l.cur
		} else {
			rw.state, rw.resp, rw.answered = StateReceived, l.cur, r.Time
			rw.respSize = len(m.Raw)
		}
		l.open(rw, r.Seq, out)
	}
}

// answer pairs a response with our request by the ReqSeq the session put in.
func (l *Log) answer(r *mcp.Record, late bool) {
	m := r.RPC
	i, p := l.row(m.ReqSeq)
	if m.ReqSeq == 0 || p == nil || p.kind() != KindRequest || p.resp != 0 {
		// Its request is not in this log, or it was answered already: a
		// second answer is shown on its own rather than hiding the first.
		l.foreign(r)
		return
	}
	defer l.views.refresh(l, i)
	p.resp = l.cur
	p.wired().answered = r.Time
	if p.state() == StatePostFailed {
		// The POST's refusal was a problem until its body turned out to
		// be this answer (problemOf).
		l.neg.dirty = true
	}
	p.wired().latency = r.Time.Sub(p.sent)
	p.wired().respSize = len(m.Raw)
	if m.Ambiguous {
		p.extra().ambiguous = true
	}
	l.answerWarnings(p, m)
	// Only this row's: a pending request naming the token since (a
	// proxied client reusing it) keeps its progress.
	l.progressOf.Release(int64(i))
	switch {
	case p.state().endedHere():
		// An answer the server sent anyway is kept, and the row still
		// says how it ended here.
	case m.RPCError && l.refusedProbe(p):
		// Detection asked, the server said no (2025-era stacks answer
		// server/discover with -32601 or -32000): that is the answer to
		// "is it this transport?", not a failure of the session.
		l.setState(p, StateProbe)
	case late || p.state() == StateTimedOut:
		l.setState(p, StateLate)
	case !m.RPCError && l.stats.Protocol != "" && !mcp.IsModern(l.stats.Protocol):
		// A 2025 session's result that says input_required is its
		// result, as the session itself took it (resultType means
		// something from the 2026 revision on).
		l.setState(p, answerState(m))
	case !m.RPCError && mcp.IsModern(l.stats.Protocol) && unknownResultType(p.method, m.Raw) != "":
		// "A resultType of any value unrecognized by the client MUST be
		// considered invalid": the session failed the request with it.
		l.setState(p, StateFailed)
	case !m.RPCError && m.InputRequired && mcp.MayAskForInput(p.method):
		// A request that may not ask (mcp.InputShape) got a malformed
		// answer, not a question: no round follows to end its row, so
		// it reads answered, and the warning says why.
		l.setState(p, StateInput)
	default:
		l.setState(p, answerState(m))
	}
	if m.RPCError {
		return
	}
	l.outputCheck(p, m)
	if p.more != nil {
		l.surface.subscribedAnswer(p.method, p.more.rareOf().uri)
	}
	switch p.method {
	case "initialize", "server/discover":
		if p.method == "initialize" {
			l.neg.initialized(m.Raw, r.Seq)
		} else {
			req := l.record(p.req)
			l.neg.discovered(req, m.Raw, r.Seq)
			// refusedProbe first: a proxied client's discover, no probe,
			// is not parsed a second time.
			if l.refusedProbe(p) {
				if _, declined := DiscoverDeclined(req, m.Raw); declined {
					// Detection's server/discover answered without the
					// version it asked in: the server speaks the
					// initialize era, and the probe's row says so as one
					// refused with an error does, where "✓ ok" read as
					// the 2026 era taken.
					l.setState(p, StateProbe)
				}
			}
		}
		if v := l.neg.init.protocol; v != "" {
			// The version in use (the one initialize chose, or the one
			// a discovered 2026 client asked in and the server speaks):
			// a proxied legacy session has no state record that says
			// it, since no header carries it.
			l.stats.Protocol = v
		}
	case "tools/list":
		l.tools.Answer(l.record(p.req), r, l.emptyCursorNamed())
	case "prompts/list", "resources/list", "resources/templates/list":
		l.surface.page(p.method, l.record(p.req), r, l.emptyCursorNamed())
	}
}

// refusedProbe reports a detection probe whose JSON-RPC error says "not
// this transport": one whose POST was refused already, or a server/discover
// (asked only to learn the era) answered with an error at any status.
func (l *Log) refusedProbe(p *row) bool {
	if p.state() == StateProbe {
		return true
	}
	post := l.record(p.wireOf().post)
	return p.method == "server/discover" && post != nil && post.HTTP != nil && post.HTTP.Purpose == mcp.PurposeProbe
}

// reply attaches our answer to the server request it answers.
func (l *Log) reply(r *mcp.Record) {
	m := r.RPC
	i, p := l.row(m.ReqSeq)
	if m.ReqSeq == 0 || p == nil || p.kind() != KindServerRequest {
		l.open(opening{
			kind: KindServerRequest, state: replyState(m), id: m.ID, method: m.Method,
			reply: l.cur, answered: r.Time,
		}, r.Seq, true)
		return
	}
	defer l.views.refresh(l, i)
	p.wired().reply = l.cur
	p.wired().answered = r.Time
	p.wired().latency = r.Time.Sub(p.sent)
	if p.state() == StatePending {
		l.setState(p, replyState(m))
	}
	// The POST carrying the reply names the reply's Seq.
	l.rowOf[r.Seq] = l.rowOf[m.ReqSeq]
}

// duplicate shows another answer to a request answered already on a row
// of its own, named for that request, so the first answer stays the pair's.
func (l *Log) duplicate(r *mcp.Record) {
	m := r.RPC
	rw := opening{kind: KindDuplicate, state: answerState(m), id: m.ID, resp: l.cur, answered: r.Time, respSize: len(m.Raw)}
	if _, p := l.row(m.ReqSeq); m.ReqSeq != 0 && p != nil {
		rw.method, rw.tool = p.method, p.wireOf().tool
	}
	l.open(rw, r.Seq, false)
}

func (l *Log) foreign(r *mcp.Record) {
	m := r.RPC
	l.stats.Foreign++
	l.open(opening{
		kind: KindForeign, state: answerState(m), id: m.ID, method: m.Method, tool: m.Tool,
		resp: l.cur, answered: r.Time, respSize: len(m.Raw),
	}, r.Seq, false)
}

func answerState(m *mcp.RPCMessage) PairState {
	switch {
	case m.RPCError:
		return StateRPCError
	case m.ToolError:
		return StateToolError
	}
	return StateOK
}
