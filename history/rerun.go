package history

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/mcpscope/mcpscope/internal/clip"
	"github.com/mcpscope/mcpscope/mcp"
)

// Sender is what a re-run needs of a live session (*mcp.Session has it).
type Sender interface {
	InitializeWith(ctx context.Context, params json.RawMessage) (*mcp.Response, error)
	Request(ctx context.Context, method string, params json.RawMessage) (*mcp.Response, error)
	// TaskResult is tasks/result, which cancels the task when the wait
	// for it ends first, as a live call's does.
	TaskResult(ctx context.Context, params json.RawMessage) (*mcp.Response, error)
	Notify(ctx context.Context, method string, params json.RawMessage) error
	// Transport and Discover let a handshake recorded in one era re-run
	// against a server of the other.
	Transport() string
	Discover(ctx context.Context) (*mcp.Response, error)
	// Subscribe, Unsubscribe and SetLogLevel do what the older eras'
	// requests of those names did in a 2026 session, which has none.
	// InitializeResult is the answer to the handshake that opened the live
	// session (nil before one): a recording's later handshake of the other
	// era is compared with it rather than opening the session again.
	InitializeResult() *mcp.Response
	Subscribe(ctx context.Context, uri string) (*mcp.Response, error)
	Unsubscribe(ctx context.Context, uri string) (*mcp.Response, error)
	SetLogLevel(ctx context.Context, level string) (*mcp.Response, error)
	// Listen opens a subscriptions/listen of the user's own and returns
	// once the server acknowledged it (its Result is the
	// acknowledgement's params).
	Listen(ctx context.Context, params json.RawMessage) (*mcp.Response, error)
	// Tools and ListTools say and ask which tools the live session knows:
	// a 2026 call of a tool it does not know lacks its Mcp-Param headers
	// (toolsListed).
	Tools() []mcp.Tool
	ListTools(ctx context.Context, all bool) ([]mcp.Tool, *mcp.Response, error)
}

// Outcome is how a re-run request compares with its recording.
type Outcome string

// The outcomes of a re-run request.
const (
	OutcomeSame      Outcome = "same"
	OutcomeDifferent Outcome = "different"
	OutcomeMissing   Outcome = "missing" // the recording had an answer, the live server gave none in time
	OutcomeError     Outcome = "error"   // the live request failed (POST refused, stream gone)
	// OutcomeUnrecorded: the recording holds no answer to compare the live
	// one with (it ends before one came: the session closed, or the
	// recording was cut short).
	OutcomeUnrecorded Outcome = "unrecorded"
)

// unrecordedNote says why an OutcomeUnrecorded request was not compared.
const unrecordedNote = "no answer to it in the recording (it ended first): nothing to compare"

// RerunResult is one recorded request sent again.
type RerunResult struct {
	N      int    `json:"n"` // 1-based position among the recorded requests
	Method string `json:"method"`
	Tool   string `json:"tool,omitempty"`
	// Subject is what the request names besides a tool (Pair.Subject):
	// the prompt, the URI, the log level, what a completion completes.
	Subject string `json:"subject,omitempty"`
	// As is the live session's own handshake when the recorded one is of
	// the other era (initialize against a 2026 server, or server/discover
	// against an older one); the two answers are compared on what both say.
	As          string       `json:"as,omitempty"`
	Outcome     Outcome      `json:"outcome"`
	Differences []Difference `json:"differences,omitempty"`
	Error       string       `json:"error,omitempty"`
	// Note says why a request was not compared (OutcomeUnrecorded).
	Note string `json:"note,omitempty"`
	// Era says why the answers differ when the eras do, not the server: a
	// 2026 recording's ping, refused there, answered by an older server.
	Era string `json:"era,omitempty"`
	// Redacted says the recorded params held a credential the recording
	// redacted, so the re-run sent the redaction mark in its place.
	Redacted string `json:"redacted,omitempty"`
	// LogLevel says the re-run asked an older server for the log level
	// this request of a 2026 recording carried in its _meta, with
	// logging/setLevel before it (that era has no _meta log level).
	LogLevel string `json:"log_level,omitempty"`
	// Listed says the re-run sent tools/list before this tools/call, which
	// the recording listed no tools for, so that it carries the Mcp-Param
	// headers of 2026-07-28 (toolsListed).
	Listed string `json:"listed,omitempty"`
	// Mismatch says the record's method field and its raw JSON-RPC named
	// other methods, and the raw's (the wire's) was sent; or the raw is no
	// JSON object, and the field's was sent without params.
	Mismatch string `json:"mismatch,omitempty"`
	// Unreachable says this request found the server gone, which ended
	// the re-run; NotSent is how many recorded requests after it were
	// therefore not sent (none when it was the last).
	Unreachable bool `json:"unreachable,omitempty"`
	NotSent     int  `json:"not_sent,omitempty"`
	// Ignored are the ignore patterns that matched a field of the two
	// answers compared; Compared says they were compared at all (not a
	// failed request). UnmatchedIgnores reads them.
	Ignored  []string `json:"-"`
	Compared bool     `json:"-"`
	// ErrorAnswer and RecordedErrorAnswer say the live answer, and the
	// recorded one, are JSON-RPC errors: answers, judged same or
	// different as any other, which the summary counts apart from the
	// requests that failed (OutcomeError) so "0 failed" is not read as
	// "no errors".
	ErrorAnswer         bool `json:"-"`
	RecordedErrorAnswer bool `json:"-"`
	// SameAs is the N of an earlier result of the report whose
	// differences are these (RepeatedDiffs): its diff is not printed
	// twice. --json gives each whole.
	SameAs int `json:"-"`
}

// rerun sends the client's recorded requests and notifications in (as p
// planned them) to s in their recorded order, with their recorded params,
// and compares each answer with the recorded one. Our automatic answers to
// server requests are not re-sent: the live server asks again if it wants
// them. Neither are detection probes, which belong to how the recorded
// session found its transport, not to what it asked. An initialize is run
// as the live session's own handshake, so a recording made on one
// transport re-runs on another: on a transport with sessions it opens a
// new one, and the notifications/initialized that follows it is the
// handshake's. red (when not nil) replaces the live session's credentials
// in both answers of every comparison (see RerunFile.Rerun), and each is
// given every result as soon as it is judged. It holds one request and its
// answer at a time. Its error is a record that could not be read back (the
// file changed under it).
func rerun(ctx context.Context, in rerunInput, p *rerunPlan, s Sender, ignore []string, red *redactor, each func(RerunResult)) error {
	answer := func(seq int64) (*mcp.Record, error) {
		pos, ok := p.answers[seq]
		if !ok {
			return nil, nil
		}
		return in.record(int(pos))
	}
	opened, openedMethod := p.opening()
	olderEra := openedMethod == "initialize"
	modernEra := openedMethod == "server/discover"
	roots := p.roots
	tasks := taskIDs{}
	cancelled := p.cancelledAfter()
	givenUp := cancelledTasks{}
	levels := levelAsked{}
	listed := toolsListed{}
	probe := p.notResent
	n := 0
	add := func(res RerunResult) {
		n++
		each(res)
	}
	for k, ref := range p.sends {
		if ctx.Err() != nil {
			break
		}
		if probe(ref.seq) {
			continue
		}
		r, err := in.record(int(ref.pos))
		if err != nil {
			return err
		}
		method, class, mismatch := sentMethod(r.RPC)
		params := tasks.rewrite(paramsOf(r.RPC.Raw))
		level := ""
		if modernEra && s.Transport() != mcp.TransportStateless {
			params, level = withoutModernMeta(params)
		}
		switch class {
		case mcp.ClassNotification:
			if method == "notifications/cancelled" {
				// It names a recorded id, which the live session does not
				// use: a request cancelled in the recording is cancelled
				// again below, and the live session says so itself.
				continue
			}
			// The client changed its roots here: the live session offers
			// what it answered next, and tells the server itself.
			if next, ok := roots.changed[r.Seq]; ok && offer(ctx, s, next) {
				continue
			}
			// A refused notification shows up again in the next request.
			_ = s.Notify(ctx, method, params)
			continue
		case mcp.ClassRequest:
		default:
			continue
		}
		if during, ok := roots.during[r.Seq]; ok {
			offer(ctx, s, during) // a 2026 client tells its roots only when asked
		}
		res := RerunResult{N: n + 1, Method: method, Tool: mcp.NameShown(r.RPC.Tool), Subject: SubjectOf(r.RPC), Redacted: redactedNote(params), Mismatch: mismatch}
		if method == "tasks/cancel" && givenUp.took(paramsOf(r.RPC.Raw)) {
			res.Outcome, res.As = OutcomeSame, "sent by the re-run as it gave up on tasks/result, as recorded"
			add(res)
			continue
		}
		var live *mcp.Response
		// The recorded answer to r, once read back (readAnswer): a request
		// compares with it after learning its task from it.
		var recorded *mcp.Record
		readAnswer := false
		if crossEra(method, s) {
			live, err = liveHandshake(ctx, s, r.Seq == opened)
			res.As = "server/discover"
			if method == res.As {
				res.As = "initialize"
			}
			if err != nil && live != nil && live.Error != nil {
				err = nil
			}
			var rerr error
			if recorded, rerr = answer(r.Seq); rerr != nil {
				return rerr
			}
			var view *mcp.Response
			recorded, view = asHandshakeViews(recorded, live)
			judge(&res, recorded, p.refused[r.Seq], view, err, ignore, red)
			add(res)
			continue
		}
		if !userListen(r.RPC, method) {
			res.LogLevel = levels.ask(ctx, s, level)
		}
		if olderEra && s.Transport() == mcp.TransportStateless && goneIn2026[method] != "" {
			res.As = goneIn2026[method]
			live, err = runGone(ctx, s, method, params)
		} else if userListen(r.RPC, method) && s.Transport() != mcp.TransportStateless {
			// An older era has no listen (an older server may take it and
			// never answer): it sends list changes unasked, which is what
			// the listen asked for, as a ping is not sent to a 2026 server.
			res.Outcome, res.As = OutcomeSame, listenNotSent
			add(res)
			continue
		} else if userListen(r.RPC, method) {
			var ack *mcp.Record
			if pos, ok := p.acks[r.RPC.ID]; ok {
				if ack, err = in.record(int(pos)); err != nil {
					return err
				}
			}
			live, err = rerunListen(ctx, s, params)
			judge(&res, ackView(ack), p.refused[r.Seq], live, err, ignore, red)
			if res.Outcome == OutcomeUnrecorded {
				res.Note = p.unrecordedNote()
			}
			add(res)
			continue
		} else if method == "initialize" {
			live, err = s.InitializeWith(ctx, params)
			if err != nil && live != nil && live.Error != nil {
				err = nil // the answer is an error: compared like any other
			}
		} else {
			reqCtx, stop := ctx, func() {}
			after, cancels := cancelled[r.Seq]
			if cancels {
				reqCtx, stop = giveUpAfter(ctx, after)
			}
			if method == "tasks/result" {
				live, err = s.TaskResult(reqCtx, params)
				if mcp.CauseOf(err) == mcp.CauseTaskTimeout {
					// The live session cancelled the task itself as its
					// wait ran out: a recorded tasks/cancel of it that
					// follows would be a second one.
					givenUp.add(paramsOf(r.RPC.Raw))
				}
			} else {
				switch method {
				case "tools/call":
					res.Listed = listed.before(ctx, s, r.RPC.Tool)
				case "tools/list":
					listed.recorded = true
				}
				live, err = s.Request(reqCtx, method, params)
				var rerr error
				if recorded, rerr = answer(r.Seq); rerr != nil {
					stop()
					return rerr
				}
				readAnswer = true
				tasks.learn(recorded, live)
			}
			// Read before stop, which ends reqCtx itself: only a request
			// its give-up ended was cancelled as recorded; one that failed
			// before then (the server refused it) is the re-run's error.
			gaveUp := reqCtx.Err() != nil
			stop()
			if cancels && err != nil && gaveUp && ctx.Err() == nil {
				// Given up on as the recording did: what the server said
				// after it was told is not compared, as no client waits
				// for it.
				res.Outcome, res.As = OutcomeSame, "cancelled after "+after.Round(time.Millisecond).String()+", as recorded"
				if method == "tasks/result" {
					givenUp.add(paramsOf(r.RPC.Raw))
				}
				add(res)
				continue
			}
		}
		end := r.Seq
		if last, ok := p.lastRound[r.Seq]; ok {
			end = last
		}
		if !readAnswer || end != r.Seq {
			var rerr error
			if recorded, rerr = answer(end); rerr != nil {
				return rerr
			}
		}
		judge(&res, asLiveSession(recorded, p.sessionIDs, s), p.refused[end], live, err, ignore, red)
		if res.Outcome == OutcomeDifferent && modernEra && s.Transport() != mcp.TransportStateless {
			res.Era = eraRefusal(method, recorded)
		}
		if res.Outcome == OutcomeUnrecorded {
			res.Note = p.unrecordedNote()
		}
		if res.Outcome == OutcomeError && mcp.CauseOf(err) == mcp.CauseUnreachable {
			// The server went away: every request after this one would
			// fail the same way, a line each.
			res.Unreachable, res.NotSent = true, requestsAfter(p.sends[k+1:], probe)
			add(res)
			break
		}
		add(res)
	}
	return nil
}

// sentAgain reports whether the re-run may send r, a message the client
// sent with method (wireOf), again: not the later rounds of a multi
// round-trip (the live session gathers their input itself), nor what the
// live session sends on its own as it connects: notifications/initialized
// and its listen stream (a listen the user typed is sent again).
// Detection's probes are known only once the handshake that opened the
// session is: the re-run skips those itself. chain is chainInputs.roundOf(r).
func sentAgain(r *mcp.Record, method string, chain int64) bool {
	return r.Kind == mcp.KindSent && r.RPC != nil && chain == 0 &&
		method != "notifications/initialized" && (method != ListenMethod || userListen(r.RPC, method))
}

// requestsAfter counts the requests in sends a re-run would send.
func requestsAfter(sends []sendRef, probe func(seq int64) bool) int {
	n := 0
	for _, s := range sends {
		if s.request && !probe(s.seq) {
			n++
		}
	}
	return n
}

// refusal is how a server refused a recorded POST: its status, and said,
// the status line and the first of the body as a diff's - shows them ("HTTP
// 400 Bad Request: JSON RPC not handled…"), where "HTTP 400" alone hid
// what the server said against the live answer beside it.
type refusal struct {
	status int
	said   string
}

// refusalSaidLimit bounds the body a refusal quotes, in bytes: the diff
// cuts it to the terminal's width anyway, and --json gives this much.
const refusalSaidLimit = 512

// refusalOf is the refusal h, a refused POST's exchange, recorded.
func refusalOf(h *mcp.HTTPExchange) refusal {
	said := "HTTP " + strconv.Itoa(h.Status)
	if line := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(h.StatusLine), strconv.Itoa(h.Status))); line != "" {
		said += " " + line
	}
	if body := strings.Join(strings.Fields(string(h.Body)), " "); body != "" {
		said += ": " + clip.Marked(body, refusalSaidLimit)
	}
	return refusal{status: h.Status, said: said}
}

// refusedPost reports the POST of a request the server refused (its status
// not 2xx), which a re-run expects refused again.
func refusedPost(h *mcp.HTTPExchange) bool {
	return h != nil && h.Purpose == mcp.PurposePost && h.ReqSeq != 0 && (h.Status < 200 || h.Status > 299)
}

// judge compares one live outcome with the recorded one into res: its
// outcome, differences and error, and, when it compares the two answers,
// which ignore patterns matched. refused is how the server refused the
// recorded POST (its status 0 otherwise): a server that refuses the
// same request the same way has not changed. red (nil for none) redacts
// both answers first, and the error (red.own) as it is made.
func judge(res *RerunResult, recorded *mcp.Record, refused refusal, live *mcp.Response, err error, ignore []string, red *redactor) {
	recorded, live = red.views(recorded, live)
	defer func() { res.Error = red.own(res.Error) }()
	res.ErrorAnswer = err == nil && live != nil && live.Error != nil
	res.RecordedErrorAnswer = recorded != nil && recorded.RPC != nil && recorded.RPC.RPCError
	var te *mcp.TimeoutError
	var we *mcp.WireError
	switch {
	case refused.status != 0 && recorded == nil && errors.As(err, &we) && we.Status == refused.status:
		res.Outcome = OutcomeSame
	case refused.status != 0 && recorded == nil && err == nil:
		res.Outcome = OutcomeDifferent
		res.Differences = []Difference{{Path: "$", Recorded: refused.said, Live: string(live.Raw), Kind: DiffChanged}}
	case err != nil && recorded == nil && errors.As(err, &te):
		res.Outcome = OutcomeSame // it went unanswered then too
	case err != nil && errors.As(err, &te):
		res.Outcome, res.Error = OutcomeMissing, err.Error()
	case err != nil:
		res.Outcome, res.Error = OutcomeError, err.Error()
	case recorded == nil:
		// Nothing to compare with: the whole live answer is not a
		// difference, and reading it as one hides why.
		res.Outcome = OutcomeUnrecorded
		res.Differences = []Difference{{Path: "$", Live: string(live.Raw), Kind: DiffAdded}}
	default:
		diffs, matched := CompareIgnoring(json.RawMessage(recorded.RPC.Raw), json.RawMessage(live.Raw), ignore)
		res.Ignored, res.Compared = matched, true
		res.Outcome = OutcomeSame
		if len(diffs) > 0 {
			res.Outcome, res.Differences = OutcomeDifferent, diffs
		}
	}
}
