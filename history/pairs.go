package history

import (
	"encoding/json"
	"strings"
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
	KindBatch           PairKind = "batch"            // a JSON array of messages
	KindInvalid         PairKind = "invalid"          // not a JSON-RPC message
)

// PairState says where a row stands.
type PairState string

// The states of a row.
const (
	StatePending    PairState = "pending"     // sent, no answer yet
	StateOK         PairState = "ok"          // answered with a result
	StateRPCError   PairState = "rpc-error"   // answered with a JSON-RPC error
	StateToolError  PairState = "tool-error"  // a tool result with isError: true
	StateTimedOut   PairState = "timed-out"   // no answer in time
	StateLate       PairState = "late"        // answered after it timed out
	StatePostFailed PairState = "post-failed" // the POST carrying it was refused or failed
	StateSent       PairState = "sent"        // a notification (or batch) we sent
	StateAnswered   PairState = "answered"    // a server request we replied to
	StateReceived   PairState = "received"    // a notification, batch or message from the server that needs no answer
	StateCancelled  PairState = "cancelled"   // we stopped waiting (the command was cancelled)
	StateFailed     PairState = "failed"      // abandoned for another reason, e.g. the stream closed while it waited
	StateProbe      PairState = "probe"       // a detection probe the server refused: not this transport
	StateInput      PairState = "input"       // answered input_required: the server wants input, and a new round
)

// Failed reports whether the state is a failure of ours to show in red.
func (s PairState) Failed() bool {
	switch s {
	case StateRPCError, StateToolError, StateTimedOut, StatePostFailed, StateFailed:
		return true
	}
	return false
}

// Pair is one row of the pairs pane: a message and, where there is one, its
// answer. Request holds the message that opened the row (ours, or the
// server's request or notification); Response holds what came back, and is
// the only message of foreign rows and of batches or invalid messages that
// came from the server.
type Pair struct {
	Kind              PairKind
	State             PairState
	ID, Method, Tool  string
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
	// progress, total (0 when unknown) and its message.
	Progress, Total float64
	ProgressMessage string
	// Resumes are the GETs that resumed the request's dropped response
	// stream (streamable HTTP), oldest first.
	Resumes []*mcp.Record
}

// onRPC files a JSON-RPC message into its row, opening one when the message
// starts a conversation.
func (l *Log) onRPC(r *mcp.Record) {
	m := r.RPC
	out := r.Kind == mcp.KindSent
	row := Pair{ID: m.ID, Method: m.Method, Tool: m.Tool, Sent: r.Time}
	switch m.Class {
	case mcp.ClassRequest, mcp.ClassServerRequest:
		if out {
			row.Kind, row.State, row.Request = KindRequest, StatePending, r
			row.Chain, row.Round = m.Chain, 1
			if first := l.row(m.Chain); m.Chain != 0 && first != nil {
				first.Round = max(first.Round, 1)
				l.rounds[m.Chain]++
				row.Round = l.rounds[m.Chain] + 1
			}
			l.stats.Requests++
			l.progressOf[m.ID] = int32(l.pairs.n)
			l.noteListen(int32(l.pairs.n), m)
		} else {
			row.Kind, row.State, row.Request = KindServerRequest, StatePending, r
		}
		l.open(row, r.Seq, true)
	case mcp.ClassNotification:
		l.stats.Notifications++
		if !out && m.Method == "notifications/progress" {
			l.progress(r)
		}
		row.Request = r
		if out {
			row.Kind, row.State = KindNotificationOut, StateSent
		} else {
			row.Kind, row.State = KindNotificationIn, StateReceived
		}
		l.open(row, r.Seq, out)
	case mcp.ClassResponse, mcp.ClassLate:
		l.answer(r, m.Class == mcp.ClassLate)
	case mcp.ClassReply:
		l.reply(r)
	case mcp.ClassForeign:
		l.foreign(r)
	default:
		row.Kind = KindInvalid
		if m.Class == mcp.ClassBatch {
			row.Kind = KindBatch
		}
		if out {
			row.State, row.Request = StateSent, r
		} else {
			row.State, row.Response, row.Answered = StateReceived, r, r.Time
			row.ResponseSize = len(m.Raw)
		}
		l.open(row, r.Seq, out)
	}
}

// answer pairs a response with our request by the ReqSeq the session put in.
func (l *Log) answer(r *mcp.Record, late bool) {
	m := r.RPC
	p := l.row(m.ReqSeq)
	if m.ReqSeq == 0 || p == nil || p.Kind != KindRequest || p.Response != nil {
		// Its request is not in this log, or it was answered already: a
		// second answer is shown on its own rather than hiding the first.
		l.foreign(r)
		return
	}
	p.Response = r
	p.Answered = r.Time
	p.Latency = r.Time.Sub(p.Sent)
	p.ResponseSize = len(m.Raw)
	delete(l.progressOf, p.ID)
	switch {
	case p.State == StateCancelled:
		// The user gave up on it: an answer the server sent anyway is
		// kept, and the row still says what the user did.
	case late || p.State == StateTimedOut:
		l.setState(p, StateLate)
	case !m.RPCError && inputRequired(m.Raw):
		l.setState(p, StateInput)
	default:
		l.setState(p, answerState(m))
	}
	if m.RPCError {
		return
	}
	switch p.Method {
	case "initialize":
		l.neg.initialized(m.Raw)
	case "server/discover":
		l.neg.discovered(m.Raw)
	case "tools/list":
		l.tools.page(p.Request, r)
	}
}

// inputRequired reports a 2026 result asking for input before it can end.
func inputRequired(raw mcp.Raw) bool {
	if !strings.Contains(string(raw), `"input_required"`) {
		return false // the cheap test first: most answers never say it
	}
	var v struct {
		Result struct {
			ResultType string `json:"resultType"`
		} `json:"result"`
	}
	return json.Unmarshal([]byte(raw), &v) == nil && v.Result.ResultType == "input_required"
}

// progress puts a notifications/progress on the pending request whose id
// its progressToken names (mcpscope uses each request's id as its token).
func (l *Log) progress(r *mcp.Record) {
	var n struct {
		Params struct {
			Token    json.RawMessage `json:"progressToken"`
			Progress float64         `json:"progress"`
			Total    float64         `json:"total"`
			Message  string          `json:"message"`
		} `json:"params"`
	}
	if json.Unmarshal([]byte(r.RPC.Raw), &n) != nil {
		return
	}
	i, ok := l.progressOf[string(n.Params.Token)]
	if !ok {
		return
	}
	p := l.pairs.at(int(i))
	p.Progress, p.Total, p.ProgressMessage = n.Params.Progress, n.Params.Total, n.Params.Message
}

// reply attaches our answer to the server request it answers.
func (l *Log) reply(r *mcp.Record) {
	m := r.RPC
	p := l.row(m.ReqSeq)
	if m.ReqSeq == 0 || p == nil || p.Kind != KindServerRequest {
		l.open(Pair{
			Kind: KindServerRequest, State: StateAnswered, ID: m.ID, Method: m.Method,
			Reply: r, Answered: r.Time,
		}, r.Seq, true)
		return
	}
	p.Reply = r
	p.Answered = r.Time
	p.Latency = r.Time.Sub(p.Sent)
	if p.State == StatePending {
		l.setState(p, StateAnswered)
	}
	// The POST carrying the reply names the reply's Seq.
	l.rowOf[r.Seq] = l.rowOf[m.ReqSeq]
}

func (l *Log) foreign(r *mcp.Record) {
	m := r.RPC
	l.stats.Foreign++
	l.open(Pair{
		Kind: KindForeign, State: answerState(m), ID: m.ID, Method: m.Method, Tool: m.Tool,
		Response: r, Answered: r.Time, ResponseSize: len(m.Raw),
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
