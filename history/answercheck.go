package history

import (
	"fmt"
	"slices"

	"github.com/mcpscope/mcpscope/internal/advice"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp"
)

// AnswerCheck reads the headers of the server's answers against the
// session they belong to: an Mcp-Session-Id other than the one
// initialize's answer named, or an MCP-Protocol-Version other than the
// version negotiated, is a server (or something in front of it) that
// contradicts the session. The Negotiation pane and exec's notes ask this
// one check, so both say the same thing once per session.
//
// The zero value is ready; feed it every record of a session, in order.
type AnswerCheck struct {
	transport string
	sessionID string // the session in use
	// sessionShown is sessionID as a message quotes it: the size of one
	// the record cut is its size on the wire (HeaderQuoted).
	sessionShown string
	// idLater says sessionID was first named by an answer after
	// initialize's, which named none: no request need carry it.
	idLater  bool
	protocol string // the version negotiated, "" before
	initSeq  int64  // the newest initialize request sent
	// initHeader is the MCP-Protocol-Version header of the newest
	// initialize's answer, and initAt that answer's Seq, until its body
	// says which version it chose (initHeaderVersion).
	initHeader string
	initAt     int64
	// otherID and otherVersion are the first contradictions of the
	// session in use, and otherSent the first request a proxied client
	// sent naming another version than its session's; a new session
	// forgets them.
	otherID, otherVersion, otherSent *Problem
	// statelessID is the first stateless answer naming a session, which
	// that era has none of.
	statelessID *Problem
	// batchSent says a batch went out in this session (a proxied client
	// may send one), so a batch coming back is its answer; batchAnswer
	// is the first batch holding an answer that came when none went.
	batchSent   bool
	batchAnswer *Problem
	// accepted holds, by the Seq of the message they carried, the POSTs
	// answered 202 whose body became messages (JSON or an event stream),
	// until an answer came in one; acceptedAnswer is the first answer to
	// a request that came so.
	accepted       map[int64]int64
	acceptedAnswer *Problem
	// twoTypes is the first answer labelled with Content-Types naming
	// different types.
	twoTypes *Problem
	// charsets are the answers read as UTF-8 though labelled another
	// charset, the first of each charset (charset).
	charsets []Problem
	// newer are the messages holding what a later version than the
	// session's brought, each the first to hold some of it; newerSaid
	// marks, by their place in newerTable, the members already said.
	newer     []Problem
	newerSaid uint64
	// subs are the resources subscribed to in the session, and the
	// updates of others it was sent (answercheck_subscribed.go).
	subs subscriptions
	// decl are the capabilities declared, and the first answer to a
	// method they leave out (answercheck_declared.go).
	decl declared
}

// maxAccepted bounds the 202 POSTs with a body held for their answer: a
// server answering every notification so would otherwise grow it.
const maxAccepted = 64

// SessionID is the id of the session in use, "" when there is none.
func (c *AnswerCheck) SessionID() string { return c.sessionID }

// Look reads one record and returns the problems it is the first of in
// this session: most often none, at most one of each check's. An answer
// sent in a 202's body may also hold what a later version brought, and
// both are said.
func (c *AnswerCheck) Look(r *mcp.Record) []Problem {
	switch {
	case r.Kind == mcp.KindDetect && r.Detect != nil && r.Detect.Transport != "":
		c.setTransport(r.Detect.Transport)
	case r.Kind == mcp.KindEndpoint && r.Endpoint != nil && r.Endpoint.SessionID != "":
		c.setSession(r.Endpoint.SessionID, mcp.HeaderQuote(r.Endpoint.SessionID), false)
	case r.Kind == mcp.KindSent && r.RPC != nil && sentInitialize(r.RPC):
		c.initSeq = r.Seq
	case r.Kind == mcp.KindState && r.State != nil:
		c.state(r.State)
		return only(c.initHeaderVersion(r.State))
	case r.Kind == mcp.KindSent && r.RPC != nil && r.RPC.Class == mcp.ClassBatch:
		c.batchSent = true
	case r.Kind == mcp.KindSent && r.RPC != nil:
		c.subscribedBy(r)
	case r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.Class == mcp.ClassBatch:
		return only(c.batch(r))
	case r.Kind == mcp.KindReceived && r.RPC != nil:
		// Both checks run: the 202 warning does not keep the era
		// check from noting (and saying once) what the answer holds.
		return slices.Concat(only(c.acceptedWith(r)), only(c.newerThan(r)), only(c.unsubscribed(r)), only(c.undeclaredAnswer(r)))
	case r.Kind == mcp.KindHTTP && r.HTTP != nil:
		// All run: an answer labelled twice may contradict the
		// session's id or version too,
		// and its label may name another charset than UTF-8.
		return slices.Concat(only(c.answer(r)), only(c.statelessSession(r)), only(c.labels(r)), only(c.charset(r)))
	}
	return nil
}

// sentInitialize reports whether the client sent m as an initialize
// request, by its raw JSON-RPC (wireOf), as the re-run sends it: a
// recording's method or class field may have been edited away from it.
func sentInitialize(m *mcp.RPCMessage) bool {
	method, class := wireOf(m)
	return class == mcp.ClassRequest && method == "initialize"
}

// only is a check's problem as a list: none when it found none.
func only(p Problem, ok bool) []Problem {
	if !ok {
		return nil
	}
	return []Problem{p}
}

// setSession sets the session in use, shown as a message quotes it, and
// whether an answer after initialize's named it first.
func (c *AnswerCheck) setSession(id, shown string, later bool) {
	c.sessionID, c.sessionShown, c.idLater = id, shown, later
}

// setTransport notes the transport of the session. Stateless HTTP has no
// session: an Mcp-Session-Id a 2026 server sends anyway is never sent
// back, so none is in use, even one a probe's answer named before
// detection knew the era.
func (c *AnswerCheck) setTransport(t string) {
	c.transport = t
	if t == mcp.TransportStateless {
		c.setSession("", "", false)
		c.otherID = nil
	}
}

func (c *AnswerCheck) state(st *mcp.StateChange) {
	if st.Transport != "" {
		c.setTransport(st.Transport)
	}
	switch st.State {
	case mcp.StateInitialized:
		if st.Protocol != "" {
			c.protocol = st.Protocol
		}
	case mcp.StateReconnecting:
		// A new connection negotiates its own version.
		c.protocol, c.otherVersion, c.otherSent = "", nil, nil
	case mcp.StateOpen, mcp.StateConnecting:
		// A new session: what the last one's answers contradicted is
		// not this one's.
		c.otherID, c.otherVersion, c.otherSent, c.statelessID = nil, nil, nil, nil
		c.batchSent, c.batchAnswer = false, nil
		c.accepted, c.acceptedAnswer = nil, nil
		c.twoTypes, c.charsets = nil, nil
		c.newer, c.newerSaid = nil, 0
		c.subs = subscriptions{}
		if st.State == mcp.StateConnecting {
			c.protocol = ""
		}
		if st.SessionID != "" {
			c.setSession(st.SessionID, mcp.HeaderQuote(st.SessionID), false)
		} else if st.State == mcp.StateConnecting && c.transport == mcp.TransportStreamable {
			c.setSession("", "", false)
		}
	}
}

// answer checks the headers of one HTTP answer of the session.
func (c *AnswerCheck) answer(r *mcp.Record) (Problem, bool) {
	h := r.HTTP
	if h.Purpose == mcp.PurposeRelay {
		return c.sent(r)
	}
	if !sessionAnswer(h) {
		return Problem{}, false
	}
	if h.Purpose == mcp.PurposePost && h.Status == 202 && h.Opened != "" && h.ReqSeq != 0 {
		if len(c.accepted) >= maxAccepted {
			clear(c.accepted)
		}
		if c.accepted == nil {
			c.accepted = make(map[int64]int64)
		}
		c.accepted[h.ReqSeq] = r.Seq
	}
	initialize := h.ReqSeq != 0 && h.ReqSeq == c.initSeq
	if initialize {
		// A new initialize negotiates anew: until its state says which
		// version it chose, no answer is held against the last one's.
		c.protocol, c.otherVersion = "", nil
		c.initHeader, c.initAt = mcp.RecordedHeader(h.Headers, "MCP-Protocol-Version"), r.Seq
	}
	// Streamable HTTP names the session in a header of the initialize
	// answer; one that a later answer names is not the session in use.
	// Both ids, and both versions below, are the server's words of any
	// size: a message quotes each as advice quotes a header, its first
	// line cut to 200 bytes (HeaderQuote), not the HeaderLimit bytes the
	// record keeps of it.
	if id := mcp.RecordedHeader(h.Headers, "Mcp-Session-Id"); id != "" && c.transport != mcp.TransportStateless {
		switch {
		case initialize || c.sessionID == "":
			c.setSession(id, h.HeaderQuoted("Mcp-Session-Id"), !initialize)
		case id != c.sessionID && c.otherID == nil:
			// Said of the id the session had: one initialize named, or,
			// where it named none, the first a later answer named.
			named := "the one initialize's answer named and every request carries"
			if c.idLater {
				named = "the one an earlier answer named (initialize's answer named none)"
			}
			c.otherID = &Problem{Level: LevelWarning, Seq: r.Seq, Fact: &advice.Fact{Cause: mcp.CauseSessionIDChanged},
				Message: fmt.Sprintf("an answer named session %q, not %q, %s", sanitize.Line(h.HeaderQuoted("Mcp-Session-Id")), sanitize.Line(c.sessionShown), named)}
			return *c.otherID, true
		}
	}
	// The version goes on every request once negotiated; an answer that
	// names another (a probe comes before any) contradicts it.
	if v := mcp.RecordedHeader(h.Headers, "MCP-Protocol-Version"); v != "" && c.protocol != "" && v != c.protocol &&
		h.Purpose != mcp.PurposeProbe && c.otherVersion == nil {
		c.otherVersion = &Problem{Level: LevelWarning, Seq: r.Seq, Fact: &advice.Fact{Cause: mcp.CauseVersionChanged},
			Message: fmt.Sprintf("an answer carried MCP-Protocol-Version %q, not %q, the version negotiated and every request carries", sanitize.Line(mcp.HeaderQuote(v)), sanitize.Line(mcp.HeaderQuote(c.protocol)))}
		return *c.otherVersion, true
	}
	// Headers that disagree among themselves are said on any answer, as
	// the initialize answer's are in its open state.
	if others := mcp.OtherVersions(h.Headers); len(others) > 0 && !initialize && h.Purpose != mcp.PurposeProbe && c.otherVersion == nil {
		c.otherVersion = &Problem{Level: LevelWarning, Seq: r.Seq, Fact: &advice.Fact{Cause: mcp.CauseVersionChanged},
			Message: sanitize.Line(mcp.AnswerVersionsNote(others, c.transport == mcp.TransportStateless))}
		return *c.otherVersion, true
	}
	return Problem{}, false
}

// sessionAnswer reports whether h is a 2xx answer to a request of the
// session's own: not one relayed for a proxied client, nor the stream.
func sessionAnswer(h *mcp.HTTPExchange) bool {
	return h.Purpose != mcp.PurposeRelay && h.Purpose != mcp.PurposeStream && h.Status >= 200 && h.Status <= 299
}

// statelessSession checks a stateless (2026-07-28) answer naming an
// Mcp-Session-Id: that revision has no sessions, the id is never sent
// back, and a user reading it in the headers would think one was in use.
// Said once per session. A check of its own, so the answer's version
// headers are still checked (answer) on the same record.
func (c *AnswerCheck) statelessSession(r *mcp.Record) (Problem, bool) {
	h := r.HTTP
	if c.transport != mcp.TransportStateless || c.statelessID != nil || !sessionAnswer(h) || h.Purpose == mcp.PurposeProbe {
		return Problem{}, false
	}
	id := mcp.RecordedHeader(h.Headers, "Mcp-Session-Id")
	if id == "" {
		return Problem{}, false
	}
	c.statelessID = &Problem{Level: LevelWarning, Seq: r.Seq,
		Message: fmt.Sprintf("a stateless (2026-07-28) answer named session %q: that revision has no sessions, so mcpscope does not send it back", sanitize.Line(h.HeaderQuoted("Mcp-Session-Id")))}
	return *c.statelessID, true
}

// batch checks a batch the server sent: one holding an answer when no
// batch was sent in the session broke JSON-RPC, though its members are
// read (and paired) all the same. Said once per session.
func (c *AnswerCheck) batch(r *mcp.Record) (Problem, bool) {
	if c.batchSent || c.batchAnswer != nil || !mcp.BatchAnswers(r.RPC.Raw) {
		return Problem{}, false
	}
	c.batchAnswer = &Problem{Level: LevelWarning, Seq: r.Seq, Fact: &advice.Fact{Cause: mcp.CauseBatchAnswer},
		Message: "the server sent an answer inside a batch (a JSON array) though no batch was sent: mcpscope read its members"}
	return *c.batchAnswer, true
}

// acceptedWith checks a message that came in answer to one sent: the
// answer to a request in the body of a 202 (streamable HTTP), which the
// specification keeps for notifications and responses, with no body. The
// answer is used all the same; said once per session.
func (c *AnswerCheck) acceptedWith(r *mcp.Record) (Problem, bool) {
	if _, ok := c.accepted[r.RPC.ReqSeq]; !ok || r.RPC.ReqSeq == 0 {
		return Problem{}, false
	}
	switch r.RPC.Class {
	case mcp.ClassResponse, mcp.ClassLate, mcp.ClassDuplicate:
	default:
		return Problem{}, false // a notification on the stream; the answer may follow
	}
	delete(c.accepted, r.RPC.ReqSeq)
	if c.acceptedAnswer != nil || r.RPC.Stream != mcp.StreamJSON && r.RPC.Stream != mcp.StreamResponse {
		return Problem{}, false
	}
	what := "a request"
	if r.RPC.Method != "" {
		what = sanitize.Line(mcp.NameShown(r.RPC.Method))
	}
	c.acceptedAnswer = &Problem{Level: LevelWarning, Seq: r.Seq, Fact: &advice.Fact{Cause: mcp.CauseAcceptedAnswer},
		Message: "the server answered " + what + " with 202 Accepted and the answer in its body, where a request's answer comes with 200: mcpscope used the answer"}
	return *c.acceptedAnswer, true
}

// sent checks a request a proxied client sent in its session: one naming
// another MCP-Protocol-Version than the session negotiated (a 2026
// request with a 2025 session's id) is relayed and recorded as sent, and
// said here once, rather than taken as the session's version. A session
// with no id (stateless) names its version in each request.
func (c *AnswerCheck) sent(r *mcp.Record) (Problem, bool) {
	v := mcp.RecordedHeader(r.HTTP.RequestHeaders, "MCP-Protocol-Version")
	if v == "" || c.protocol == "" || v == c.protocol || c.sessionID == "" || c.otherSent != nil {
		return Problem{}, false
	}
	c.otherSent = &Problem{Level: LevelWarning, Seq: r.Seq, Fact: &advice.Fact{Cause: mcp.CauseVersionSent},
		Message: fmt.Sprintf("the client sent a request naming MCP-Protocol-Version %q in session %q, which negotiated %q: it was relayed and is recorded as sent; the session's version is still %q",
			sanitize.Line(mcp.HeaderQuote(v)), sanitize.Line(c.sessionShown), sanitize.Line(mcp.HeaderQuote(c.protocol)), sanitize.Line(mcp.HeaderQuote(c.protocol)))}
	return *c.otherSent, true
}

// Problems are the contradictions of the session in use, for the
// Negotiation pane.
func (c *AnswerCheck) Problems() []Problem {
	var ps []Problem
	for _, p := range []*Problem{c.otherID, c.statelessID, c.otherVersion, c.otherSent, c.batchAnswer, c.acceptedAnswer, c.twoTypes, c.decl.said} {
		if p != nil {
			ps = append(ps, *p)
		}
	}
	return slices.Concat(ps, c.charsets, c.newer, c.subs.said)
}
