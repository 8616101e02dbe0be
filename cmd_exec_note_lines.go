package main

import (
	"encoding/json"
	"maps"
	"slices"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// lineOf is the line r adds to the notes, "" for none: one case for each
// kind of record that has something to say, and no record is of two.
func (n *notes) lineOf(r *mcp.Record) string {
	// The watches read every record, whatever it says: a request's
	// progress token, the server cancelling a request of ours.
	foreign, notOurs := n.tokens.look(r)
	progress := ""
	if !notOurs {
		progress = progressSaid(&n.progress, r)
	}
	anyway := n.cancels.look(r)
	if e := r.Error; r.Kind == mcp.KindError && e != nil && e.ReqSeq != 0 {
		n.givenUp.add(e.ReqSeq, givenUpHow(e), r.Time)
	}
	m := r.RPC
	switch {
	case foreign != "":
		// A notifications/progress for a token no request of ours named.
		return foreign
	case progress != "":
		// A notifications/progress that breaks the rules for one.
		return progress
	case anyway != "":
		// An answer to a request of ours the server said it cancelled.
		return anyway
	case r.Kind == mcp.KindReceived && m != nil:
		return n.receivedLine(m, r.Time)
	case r.Kind == mcp.KindSent && m != nil && m.Class == mcp.ClassReply && m.Method != "ping":
		return replyLine(m)
	case r.Kind == mcp.KindSent && m != nil && m.Class == mcp.ClassRequest && m.Chain != 0:
		return roundLine(m)
	case r.Kind == mcp.KindError && r.Error != nil && r.Error.Op == mcp.OpReply && (r.Error.Cause == mcp.CauseFlooded || r.Error.Cause == mcp.CauseModernAsked):
		// Requests of the server's left unanswered or refused past a
		// bound, or sent on a 2026 stream where none is answered:
		// without a line, a run with them unanswered read as one where
		// every one was. A run of them folds to one.
		return r.Error.Message
	case r.Kind == mcp.KindEndpoint && r.Endpoint != nil && history.PostsElsewhere(r.Endpoint):
		// The endpoint event named a URL that did not work: what the
		// server said is wrong even though the commands go through.
		ep := r.Endpoint
		return "posting to " + clip.Quote(ep.InUse, 1024) + ", not " + clip.Quote(ep.Preferred, 1024) + " as the endpoint event said: " + ep.Reason
	}
	return sessionIDLine(r)
}

// receivedLine is the line a message the server sent, which arrived at
// arrived, adds to the notes, "" for none.
func (n *notes) receivedLine(m *mcp.RPCMessage, arrived time.Time) string {
	switch {
	case m.NullIDResult():
		// A result with id null answers nothing (a server's answer to a
		// notification, say): no request waits on it, so no timeout's
		// words ever named it, and exec said nothing where the TUI
		// shows its row.
		return mcp.ForeignAnswer("null") + ": " + nullIDAnswer
	case m.Class == mcp.ClassDuplicate && m.Method == "":
		// A second answer, perhaps another result: exec printed the
		// first, and without a line the second read as never sent.
		return "the server sent another answer to a request answered already (id " + mcp.NameShown(m.ID) + "): exec shows the first; exec --json shows both"
	case m.Class == mcp.ClassLate:
		// Its command printed how it ended ("no answer within", a
		// cancel, a failed send): without a line, the answer that did
		// come read as never sent, and a longer --timeout as no cure.
		// It names its request as its error did ("no answer to
		// tools/call (id 7)"), and how long after that the answer came:
		// the wait a --timeout that had it needs.
		// Only a timeout's answer is one a longer --timeout waits for.
		how := n.givenUp.name(m.ReqSeq)
		if how == "" {
			how = "mcpscope had given up on it"
		}
		if at := n.givenUp.endedAt(m.ReqSeq); !at.IsZero() && arrived.After(at) {
			how = history.FormatDuration(arrived.Sub(at)) + " after " + how
		} else {
			how = "after " + how
		}
		return "the answer to " + lateWhat(m) + " came " + how + "; exec --json shows the answer"
	case m.Class == mcp.ClassInvalid && m.Stream != mcp.StreamJSON:
		// Bytes that are no JSON-RPC message (a request of the
		// server's it could not write, say): without a line, a run
		// whose answer came after them read as one where the server
		// sent nothing else, and the TUI shows their row. A POST's
		// JSON body that is none is its request's error, which says
		// the same words: a line too said them twice.
		return "the server sent a message that is " + clip.Quote(mcp.NotRPCWhy([]byte(m.Raw)), 512) + ": exec --json shows it"
	case m.Class != mcp.ClassNotification:
		return ""
	case m.Method == mcp.AckMethod && m.Stream != mcp.StreamListen:
		// Plumbing on a listen stream; anywhere else a server's mistake
		// that acknowledges nothing, which exec kept as quiet as the
		// real one.
		return mcp.AckMethod + " came outside a subscriptions/listen stream, where it acknowledges no subscription"
	case quietNotes[m.Method], m.Replayed:
		// A notification a resumed stream sent again was said when it
		// first came: "×2" read as a server saying it twice.
		return ""
	}
	line := noteLine(m, n.recording)
	if n.from != "" && (m.Stream == mcp.StreamListen || m.Stream == mcp.StreamGet) {
		line += " (from " + n.from + ")"
	}
	return line
}

// strayLine is the note for r when it is an answer that paired with no
// request of ours (an id never sent, an error with id null), worded as the
// error of a request whose answer never came words it; "" for any other
// record, and for one with no id, which only such an error explains.
func strayLine(r *mcp.Record) string {
	m := r.RPC
	if r.Kind != mcp.KindReceived || m == nil || m.Class != mcp.ClassForeign || m.ID == "" || m.NullIDResult() {
		return ""
	}
	if !m.NullIDError() {
		return mcp.ForeignAnswer(mcp.NameShown(m.ID)) + idTwiceNote(m) + ": exec --json shows it"
	}
	var answer struct {
		Error json.RawMessage `json:"error"`
	}
	_ = json.Unmarshal([]byte(m.Raw), &answer) // classified by its id and error: it is JSON
	return mcp.NullIDError(mcp.RPCErrorOf(answer.Error))
}

// replyLine says what the server asked of exec and how it was answered
// (roots from --root, a form or a message from --answer), so the questions
// behind a tool's result are not invisible; a ping is plumbing.
func replyLine(m *mcp.RPCMessage) string {
	e := mcp.ReplyRefusal(m)
	if e != nil && e.Code == mcp.CodeUserRejected {
		return "declined the server's " + mcp.NameShown(m.Method) + " (--answer said decline)"
	}
	if e != nil {
		// Its reason alone: "refused the server's X: mcpscope could not
		// answer X: why" said the refusal twice.
		return "refused the server's " + mcp.NameShown(m.Method) + ": " + clip.Quote(mcp.RefusalReason(m.Method, e.Message), 1024)
	}
	return "answered the server's " + mcp.NameShown(m.Method)
}

// roundLine says a 2026 request went again with the input its answer
// asked for (input_required), naming the inputRequests keys answered.
func roundLine(m *mcp.RPCMessage) string {
	var sent struct {
		Params struct {
			InputResponses map[string]json.RawMessage `json:"inputResponses"`
		} `json:"params"`
	}
	_ = json.Unmarshal([]byte(m.Raw), &sent) // our own request: it is JSON
	keys := slices.Sorted(maps.Keys(sent.Params.InputResponses))
	line := "sent " + mcp.NameShown(m.Method) + " again"
	if len(keys) > 0 {
		line += " with the input it asked for: " + clip.ListFunc(keys, mcp.MaxListed, mcp.NameShown)
	}
	return line
}

// noteLine is a notification as one line, said to be for a subscription
// we do not have when it is; what it says came from the server and is
// sanitized, to one line, by the printer. recording is where a cut text is whole.
func noteLine(m *mcp.RPCMessage, recording string) string {
	return history.ForeignSubscription(m) + noteWords(m, recording)
}

// noteWords is what a notification says, read as its method says, its
// text cut past maxNoteText with a pointer to the rest.
func noteWords(m *mcp.RPCMessage, recording string) string {
	line, cut := noteText(m, maxNoteText)
	if cut {
		if recording != "" {
			line += " (all of it is in the recording " + recording + ", and in exec --json)"
		} else {
			line += " (exec --json shows all of it)"
		}
	}
	return line
}

// noteText is what a notification says, read as its method says (its
// method, when that says nothing more), its text and URI cut to max bytes;
// cut says they were.
func noteText(m *mcp.RPCMessage, max int) (line string, cut bool) {
	w, ok := history.ReadNoteOf(m)
	if !ok {
		return mcp.NameShown(m.Method), false
	}
	return w.Line(clip.Quote, max, true), len(w.Text) > max || len(w.URI) > max
}

// givenUpHow says how the request an error record ended was given up on,
// as a late answer's line says it: "--timeout" only for a timeout, where
// a longer one is the cure.
func givenUpHow(e *mcp.ErrorInfo) string {
	switch {
	case e.Op == mcp.OpTimeout:
		return "--timeout had given up on it: a longer --timeout waits for it"
	case e.Cause == mcp.CauseReplaced:
		return "its session was replaced by a new one"
	case e.Op == mcp.OpCancelled:
		return "it was cancelled"
	case e.Op == mcp.OpPost, e.Op == mcp.OpProbe:
		return "sending it had failed"
	case e.Op == mcp.OpStream:
		return "the stream it waited on had ended"
	}
	return "mcpscope had given up on it"
}

// lateWhat names the request a late answer answers, as its error named it:
// "tools/call (id 7)", with the tool's name for a call; "request id 7"
// where the answer does not say (a recording from before late answers
// named their requests).
func lateWhat(m *mcp.RPCMessage) string {
	if m.Method == "" {
		return "request id " + mcp.NameShown(m.ID)
	}
	what := mcp.MethodShown(m.Method)
	if m.Tool != "" {
		what += " " + mcp.NameShown(m.Tool)
	}
	return what + " (id " + mcp.NameShown(m.ID) + ")"
}
