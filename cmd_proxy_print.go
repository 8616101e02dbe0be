package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/command"
	"github.com/mcpscope/mcpscope/mcp/proxy"
)

// linePrinter prints one line per message of a proxied session:
//
//	15:04:05.123 #1 inspector-cli 0.1 · sse → tools/call greet id=3
//	15:04:05.140 #1 inspector-cli 0.1 · streamable ← tools/call greet id=3 ok 17ms (upstream's headers after 1.2ms, proxy added 150µs)
//
// Everything that came from the wire is sanitized: a client or server must
// not drive the terminal.
type linePrinter struct {
	out   *lineOrder
	c     *proxy.Client
	asked map[int64]*inFlight // the requests not answered yet, by Seq
	// endedReqs names the newest requests whose story ended before an answer
	// (cancelled, timed out, their id taken by a newer request), by Seq:
	// a late answer says what it answers ("← tools/call slow id=5 late
	// ok"), where it read "← (no method) id=5".
	endedReqs endedNames
	// detected says the session's first detection (how it began) went by:
	// a later one says its client changed transport (a probe's fallback).
	detected bool
	// refused counts the session's requests the proxy answered itself (a
	// 503 past --max-in-flight, a 413), by status: at most a line a second
	// each, as refusals in no session (proxySessions.refused).
	refused map[int]*refusals
	// batchFailed counts, by the batch's Seq, the requests of a batch
	// whose POST failed, until the POST's own failure says how many.
	batchFailed map[int64]int
	// failing is the run of failures of one kind the session is in (an
	// upstream answering each request 500, or gone): said at most a line
	// a second, as refusals are, and counted when the run ends.
	failing *failureRun
	last    time.Time // the time of the last record, for the count at the end
	// named redacts the client's label as its records are (shownAs); nil
	// for none. start is the path of the line saying it connected,
	// until the line is said (started).
	named func(string) string
	start *string
	// check reads upstream's answers against the session, as the TUI's
	// Negotiation pane and exec's notes do: what it finds (an answer in
	// a batch, or in a 202's body) is a line, once per session.
	check history.AnswerCheck
	// tools are the session's tools as its client listed them.
	tools history.ToolListing
	// batch is the notifications of the client's last batch, said in its
	// line, and the last batches whose requests share ids.
	batch batchNotes
	// cancels and progress remember what upstream said that its later
	// messages go against, for a line saying so as exec's notes say it.
	cancels  cancelWatch
	progress history.ProgressWatch
	// unanswered hears, as the session ends, of the requests that still
	// waited (their names), for the report when the proxy stops.
	unanswered func(names []string)
}

// inFlight is what the printer keeps of a request until its answer.
type inFlight struct {
	at time.Time // when it was sent
	// name is the request's name (method, tool, id), for a failure that
	// ends it to say which; "" once one has.
	name string
	// of is its name without the id, what tells its failures' run from
	// another request's (failureKind).
	of string
	// subject is the prompt or URI it names, for its answer's line.
	subject string
	// method is the request's method: a subscriptions/listen's closing
	// by its client is how it ends, not a failure.
	method string
	// token is the progressToken its _meta named, which its progress
	// notifications name; "" for none.
	token string
	// req is the request itself when its answer is read with it: a
	// tools/list's lists the tools a tools/call's result is checked
	// against, a server/discover's may say no to the version it asked
	// in; nil for other methods. probe says its POST upstream was logged
	// as the client's probe.
	req   *mcp.Record
	probe bool
	// upstream is how long upstream took to answer the request's POST (its
	// headers), and added the time the proxy added to that; posted and
	// relayed say each is known.
	upstream, added time.Duration
	posted, relayed bool
}

func (lp *linePrinter) lineAt(at time.Time, dir, what, status string) {
	if lp.out == nil {
		return // a TUI's session: only what its end says is kept (unanswered)
	}
	text := fmt.Sprintf("%s #%d %s %s %s", at.Format("15:04:05.000"), lp.c.ID, sanitize.Line(lp.name()), dir, sanitize.Line(what))
	if status != "" {
		text += " " + sanitize.Line(status)
	}
	lp.out.add(at, text)
}

// record prints the line of a record, if it is one worth a line: messages
// either way, failures, and the session's opening and end; then what is
// wrong with the session it shows, as exec's notes say it.
func (lp *linePrinter) record(r mcp.Record) {
	lp.sayStart()
	lp.last = r.Time
	lp.recordLine(r)
	if r.HTTP != nil && r.HTTP.Resent > 0 {
		lp.lineAt(r.Time, "!", lp.resent(r.HTTP), "")
	}
	if note := lp.sessionIDNote(&r); note != "" {
		lp.lineAt(r.Time, "!", note, "")
	}
	for _, p := range lp.check.Look(&r) {
		lp.lineAt(r.Time, "!", p.Message, "")
	}
	if said := lp.serverSaid(&r); said != "" {
		lp.lineAt(r.Time, "!", said, "")
	}
}

// resent says upstream's copy of a request went out more than once (the
// server may have read it twice), naming the message when it is one the
// lines follow.
func (lp *linePrinter) resent(h *mcp.HTTPExchange) string {
	what := "a " + h.Method
	if a := lp.asked[h.ReqSeq]; a != nil && h.ReqSeq != 0 {
		what = "the " + h.Method + " of " + a.name
	}
	return what + " to upstream was " + h.ResentWords()
}

// progressLine is a progress notification as exec's progress line draws
// it, naming the request in flight whose progressToken it names: with two
// calls in flight, "progress [##…] 1/2" did not say whose it was. The bar
// is bounded as exec's line is; the name before it is not cut into it.
func (lp *linePrinter) progressLine(pr mcp.Progress) string {
	label := "progress"
	for _, a := range lp.asked {
		if a.token != "" && a.token == pr.Token {
			label += " of " + a.name
			break
		}
	}
	return label + "  " + strings.TrimLeft(progressText("", pr), " ")
}

// proxyNoteText bounds the text of a notification a line quotes: the
// recording, named as the session began, has all of it.
const proxyNoteText = 200

// recordLine prints the line of the record itself, if it is worth one.
func (lp *linePrinter) recordLine(r mcp.Record) {
	switch {
	case r.RPC != nil && lp.batch.folds(r):
	case r.RPC != nil && r.Kind == mcp.KindSent && r.RPC.Class == mcp.ClassBatch:
		lp.lineAt(r.Time, "→", lp.batch.batchLine(r.RPC, r.Seq, r.Time), "")
	case r.RPC != nil && r.Kind == mcp.KindSent:
		subject := ""
		if r.RPC.Class == mcp.ClassRequest {
			subject = history.SubjectOf(r.RPC)
			a := &inFlight{at: r.Time, name: message(r.RPC, subject), subject: subject, method: r.RPC.Method,
				of: message(&mcp.RPCMessage{Method: r.RPC.Method, Tool: r.RPC.Tool, Class: r.RPC.Class}, subject)}
			if a.method == "tools/list" || a.method == "server/discover" {
				a.req = &r
			}
			a.token, _ = mcp.ProgressTokenOf(string(r.RPC.Raw))
			lp.asked[r.Seq] = a
		}
		lp.lineAt(r.Time, "→", message(r.RPC, subject), "")
	case r.RPC != nil && r.Kind == mcp.KindReceived:
		subject := ""
		if a := lp.asked[r.RPC.ReqSeq]; a != nil && r.RPC.ReqSeq != 0 {
			subject = a.subject
		}
		lp.endFailures()
		// A notification says what it says, as exec's notes and the
		// TUI's Pairs read it ("log info: …", "updated URI", "task ID
		// working: …", "progress [###…] 1/2"): a column of
		// "← notifications/message" said nothing.
		if lp.declinedProbe(r) {
			return
		}
		var what string
		if of := lp.endedReqs.name(r.RPC.ReqSeq); r.RPC.Class == mcp.ClassLate && of != "" {
			what = of + " id=" + mcp.NameShown(r.RPC.ID)
		} else if r.RPC.Class != mcp.ClassNotification {
			what = message(r.RPC, subject)
		} else if pr, ok := mcp.ParseProgress([]byte(r.RPC.Raw)); ok {
			what = history.ForeignSubscription(r.RPC) + lp.progressLine(pr)
		} else {
			words, _ := noteText(r.RPC, proxyNoteText)
			what = history.ForeignSubscription(r.RPC) + words
		}
		lp.lineAt(r.Time, "←", what, lp.outcome(r))
	case r.HTTP != nil && r.HTTP.ReqSeq != 0:
		lp.exchange(r.HTTP)
	case r.Error != nil && r.Error.Purpose == mcp.PurposeRelay && r.Error.Status != 0:
		lp.refusal(r)
	case r.Error != nil && r.Error.Batch != 0 && r.Error.ReqSeq != 0:
		// A request of a batch whose POST failed: the POST's own failure,
		// next, says them all in one line.
		delete(lp.asked, r.Error.ReqSeq)
		if lp.batchFailed == nil {
			lp.batchFailed = map[int64]int{}
		}
		lp.batchFailed[r.Error.Batch]++
	case r.Error != nil && r.Error.Batch != 0:
		n := lp.batchFailed[r.Error.Batch]
		delete(lp.batchFailed, r.Error.Batch)
		lp.failure(r, "a batch", r.Error.Op+" "+lp.batch.requestsLine(r.Error.Batch, n)+": "+r.Error.Message)
	case r.Error != nil:
		what, of, listen, method := r.Error.Op, "", false, ""
		if a := lp.asked[r.Error.ReqSeq]; a != nil && r.Error.ReqSeq != 0 {
			// Its request has its story: a late answer, if one comes,
			// is printed without the time it took, and a long capture
			// of failing requests does not keep one entry each.
			what += " " + a.name
			of, listen, method = a.of, a.method == mcp.ListenMethod, a.method
			// A request whose id was used again still waits: its
			// answer, when it comes, says how long it took.
			if r.Error.Cause != mcp.CauseIDReused {
				delete(lp.asked, r.Error.ReqSeq)
				lp.endedReqs.add(r.Error.ReqSeq, a.of, r.Time)
			}
		}
		if history.ProbeVerdict(r.Error) {
			if r.Error.Status == 0 {
				// Nothing answered the probe (upstream down): no verdict
				// on the era, whatever the row makes of it. "No 2026
				// server here" read as if a server had said no.
				lp.failure(r, of, what+": "+r.Error.Message)
				return
			}
			// A 2026-aware client's server/discover refused: how it
			// finds a server of the 2025 eras, before it falls back to
			// initialize, not a failure of the session (the TUI's row
			// reads probe, sessions counts no error). A client that does
			// not fall back leaves its next request's failure to say so.
			lp.endFailures()
			after := noModernServer
			if method == "initialize" {
				// A client trying streamable HTTP at a legacy path
				// (proxy.triedAtLegacy).
				after = noStreamableServer
			}
			lp.lineAt(r.Time, "·", what+":", r.Error.Message+after)
			return
		}
		if r.Error.Op == mcp.OpCancelled && (listen || strings.HasPrefix(r.Error.Message, mcp.ClientCancelled)) || proxy.StreamClosedCancelled(r.Error) || r.Error.Cause == mcp.CauseRedirected {
			// The client closed its listen stream: how a 2026 client
			// ends its subscription, no failure, so not marked as one
			// for a reader of a CI log looking for what went wrong.
			// Nor is the client cancelling its own request (exec's
			// ctrl+c, or a 2026 client closing its request's stream),
			// or following upstream's redirect (it sends the
			// message again where that points).
			lp.endFailures()
			lp.lineAt(r.Time, "·", what+":", r.Error.Message)
			return
		}
		lp.failure(r, of, what+": "+r.Error.Message)
	case r.Detect != nil:
		if lp.detected {
			lp.lineAt(r.Time, "·", "now "+r.Detect.Transport+":", strings.TrimPrefix(r.Detect.Reason, "proxied: "))
		}
		lp.detected = true
	case r.State != nil:
		switch r.State.State {
		case mcp.StateOpen:
			lp.lineAt(r.Time, "·", r.State.State, r.State.Detail)
		case mcp.StateClosed, mcp.StateExpired, mcp.StateInitialized, mcp.StateFailed:
			// The detail of these is a sentence saying why, not a name.
			lp.lineAt(r.Time, "·", r.State.State+":", r.State.Detail)
		case mcp.StateResuming, mcp.StateResumed:
			// The client dropped an answer stream it can resume: said,
			// as no failure, so a cancel or a resumption after it reads
			// as what it is. And the client's resumption, with what
			// became of it: an answer that came on a resumed stream
			// read as one that came whole.
			if proxy.AnswerStreamDropped(r.State) || proxy.ClientResumed(r.State) {
				lp.lineAt(r.Time, "·", r.State.Detail, "")
			}
		case mcp.StateGetStream:
			// Who closed it: a client that leaves without DELETE says
			// nothing else, and its session ends only if nothing else
			// of it is open. An answer that can come only on a GET
			// stream the client has not opened is said once, as the
			// request waits.
			if proxy.StreamClosed(r.State) || proxy.AnswerAwaitsGet(r.State) {
				lp.lineAt(r.Time, "·", "GET stream", r.State.Detail)
			}
		}
	}
}

// noModernServer is what a probe's line says after its answer: a 2026
// client that asks and is told no falls back, as it should.
const noModernServer = " (no 2026 server here: a 2026 client falls back to initialize)"

// noStreamableServer is what the line of a client's initialize refused at
// a legacy path says after its answer.
const noStreamableServer = " (no streamable HTTP here: a client that tries it first falls back to a legacy stream)"

// declinedProbe prints the line of r, the answer to a client's probe whose
// result leaves out the version the probe asked in (history.DiscoverDeclined,
// the rule that makes the TUI's row read probe), as a refused probe's
// line: "ok" read as the 2026 era taken. It reports whether it did.
func (lp *linePrinter) declinedProbe(r mcp.Record) bool {
	a := lp.asked[r.RPC.ReqSeq]
	if a == nil || r.RPC.ReqSeq == 0 || !a.probe || a.method != "server/discover" || r.RPC.Class != mcp.ClassResponse || r.RPC.RPCError {
		return false
	}
	asked, declined := history.DiscoverDeclined(a.req, r.RPC.Raw)
	if !declined {
		return false
	}
	delete(lp.asked, r.RPC.ReqSeq)
	said := "answered without " + clip.Quote(asked, 64)
	if asked == "" {
		said = "answered a probe that named no version"
	}
	lp.lineAt(r.Time, "·", mcp.OpProbe+" "+a.name+":", said+noModernServer)
	return true
}

// exchange keeps the timing of a request's POST: upstream's leg, then the
// client's (relayed once upstream's headers came), whose difference is the
// time the proxy added. A notification's or a reply's POST has no answer to
// print it with.
func (lp *linePrinter) exchange(h *mcp.HTTPExchange) {
	a := lp.asked[h.ReqSeq]
	if a == nil {
		return
	}
	switch h.Purpose {
	case mcp.PurposePost, mcp.PurposeProbe:
		a.upstream, a.posted = h.Duration, true
		a.probe = h.Purpose == mcp.PurposeProbe
	case mcp.PurposeRelay:
		if a.posted {
			a.added, a.relayed = history.ProxyAdded(a.upstream, h.Duration), true
		}
	}
}

// message names a message: its method (and tool, or the prompt or URI its
// request named: history.SubjectOf), its id, what it is when it is not a
// plain request or notification.
func message(m *mcp.RPCMessage, subject string) string {
	// A client's method, tool and id are its to make up, megabytes long
	// (and a server's, on a reply to its request): a line quotes the start
	// of each.
	// A request with no method (or one of spaces) says so, as its row in
	// the TUI does, rather than read "→ id=4".
	method := mcp.MethodShown(m.Method)
	what := method
	if m.Tool != "" {
		what += " " + mcp.NameShown(m.Tool)
	} else if subject != "" {
		// The subject comes cut at mcp.NameLimit with its mark
		// (history.SubjectOf): cut there again it would lose the mark,
		// so 200 bytes only bounds it.
		what += " " + clip.Quote(subject, 200)
	}
	switch m.Class {
	case mcp.ClassBatch:
		return fmt.Sprintf("batch of %d bytes", len(m.Raw))
	case mcp.ClassInvalid:
		return fmt.Sprintf("not JSON-RPC (%d bytes)", len(m.Raw))
	case mcp.ClassForeign:
		what = "answer to an id the client never sent"
		if m.NullIDError() {
			return "error with id null: upstream could not read a request, or tell its id"
		}
		if m.NullIDResult() {
			return "answer with id null, which no request of the client's has: " + nullIDAnswer
		}
	case mcp.ClassDuplicate:
		what = "another answer to a request answered already"
	case mcp.ClassServerRequest:
		what = "server request " + what
	case mcp.ClassReply:
		what = "reply to server request " + method
		if m.ReqSeq == 0 {
			// The client answered an id no server request waits on: one
			// upstream never sent, or one the client answered already.
			what = "reply to no server request waiting (never asked, or answered already)"
		}
	}
	if m.ID != "" {
		what += " id=" + mcp.NameShown(m.ID)
	}
	if m.Class == mcp.ClassForeign {
		what += idTwiceNote(m)
	}
	return strings.TrimSpace(what)
}

// outcome is an answer's status: ok, error, tool error, input required
// (a 2026 round that asks for input) or late, and how long it took.
func (lp *linePrinter) outcome(r mcp.Record) string {
	m := r.RPC
	var s string
	switch {
	case m.Class != mcp.ClassResponse && m.Class != mcp.ClassLate:
		return ""
	case m.RPCError:
		s = "error"
	case m.ToolError:
		s = "tool error"
	case m.InputRequired && mcp.MayAskForInput(m.Method):
		// Only a request that may ask has a round to follow; any other
		// answer is the request's end, malformed or not. What it asks
		// with is said: the line read the same for a form, a sampling
		// and the roots.
		s = "input required"
		if asks := history.AskedMethods(m.Raw); len(asks) > 0 {
			s += " (" + sanitize.Line(clip.ListFunc(asks, 3, func(a string) string { return mcp.NameShown(a) })) + ")"
		}
	default:
		s = "ok"
	}
	if m.Class == mcp.ClassLate {
		s = "late " + s
	}
	a := lp.asked[m.ReqSeq]
	if a != nil && a.method == "tools/list" && !m.RPCError {
		lp.tools.Answer(a.req, &r, lp.c.Transport == mcp.TransportStateless)
	}
	if a != nil {
		delete(lp.asked, m.ReqSeq)
		s += " " + history.FormatDuration(r.Time.Sub(a.at))
		if a.relayed {
			// Upstream's time is its headers', not its answer's: a 2 s
			// tool streams its answer long after them, and "upstream
			// 6.2ms" read as the whole of it. The parts are on the
			// total's clock (the client's leg is timed from its sent
			// record) and written as it is, so neither reads more.
			s += fmt.Sprintf(" (upstream's headers after %s, proxy added %s)", history.FormatDuration(a.upstream), history.FormatDuration(a.added))
		}
	}
	return s + rpcErrorNote(m) + lp.toolNotes(m) + idTwiceNote(m) + nullNote(m)
}

// toolNotes is what a tools/call answer's line says after its status,
// each after a dash: an isError that is not a boolean (a plain "ok" over
// isError "yes" hid what the server may have meant as a failure), and how
// its structuredContent breaks its tool's outputSchema as the client
// listed it (command.OutputMismatch); "" for any other answer. The answer
// is read again only when there is something to look for: the record says
// whether its isError is odd (RPCMessage.OddIsError, read as it came), and
// a check needs its tool listed with an outputSchema.
func (lp *linePrinter) toolNotes(m *mcp.RPCMessage) string {
	if m.Method != "tools/call" || m.RPCError {
		return ""
	}
	tools := lp.tools.Tools()
	if !m.OddIsError && (m.ToolError || !history.HasOutputSchema(tools, m.Tool)) {
		return ""
	}
	res, ok := history.AnswerResult(m.Raw)
	if !ok {
		return ""
	}
	var notes string
	for _, note := range []string{command.OddIsError(res), command.OutputMismatch(tools, m.Tool, res)} {
		if note != "" {
			notes += " — " + sanitize.Line(note)
		}
	}
	return notes
}
