package history

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A re-run reads its recording twice and holds neither: one pass learns
// what the re-run needs (where each request to send again is, where its
// recorded answer is, what was refused, probed, cancelled, answered by the
// user and offered as roots), and each request and its answer are read
// again from the file when their turn comes. replay --against of 100,000
// requests held every request and answer record, and every result, at
// once: 280 MB, growing with the recording.

// rerunInput is the records a re-run reads: each in order once, for the
// plan, then the ones to send again and their answers by position.
type rerunInput interface {
	record(pos int) (*mcp.Record, error)
}

// sendRef is a recorded message the re-run may send again (sentAgain), by
// position.
type sendRef struct {
	pos     int32
	request bool
	seq     int64
	nanos   int64 // when it was sent, Unix nanoseconds
}

// cancelRef is a recorded cancellation of a request.
type cancelRef struct {
	reqSeq int64
	pos    int32
	nanos  int64
}

// rerunPlan is what one pass over a recording tells a re-run. It holds
// positions and a few bytes a request, never the records.
type rerunPlan struct {
	sends   []sendRef
	answers map[int64]int32   // request Seq -> position of its recorded answer
	orphans int               // answers naming no request sent (unrecordedNote); -1 until counted
	unsent  map[int64]bool    // requests sent that sends leaves out (a round, mcpscope's own listen)
	refused map[int64]refusal // request Seq -> how the server refused its POST (not 2xx)
	probes  map[int64]bool    // requests detection sent
	// redirected are a proxied client's messages upstream redirected:
	// the client sent each again where the redirect pointed, the
	// recording's next copy of it, which is the one re-sent.
	redirected map[int64]bool
	// ownListens are the subscriptions/listen mcpscope sent of its own,
	// or in a proxy's recording the client did, which a re-run does not
	// send: its live session sends its own.
	ownListens int
	// proxied is whether the recording is a proxy's (a client's leg is
	// recorded), whose listens are the client's, not mcpscope's.
	proxied bool
	// inputRounds are the later rounds of 2026 multi round-trip requests
	// (sent again with the input an input_required answer asked for),
	// which a re-run does not send: its live session sends its own
	// rounds, as the live server asks, under the chain's first request.
	inputRounds int
	lastRound   map[int64]int64 // a chain's first request Seq -> its last round's
	acks        map[string]int32
	cancels     []cancelRef
	// sessionIDs are the recorded sessions' ids, each once, which a
	// re-run reads as the live session's in the answers (asLiveSession).
	sessionIDs []string

	// opened is the Seq of the handshake that opened the recorded
	// session, openedMethod its method (openingHandshake).
	opened          int64
	openedMethod    string
	openDone        bool
	lastShake       int64
	lastShakeMethod string
	// shakeCaps are the client capabilities the opening handshake
	// declared, nil when it declared none (clientCapabilitiesOf).
	shakeCaps json.RawMessage

	roots       rootsPlan
	rootsChange int64 // the latest notifications/roots/list_changed, 0 before any
	rootsDone   map[int64]bool

	// held says the record see took in last is one the re-run reads back
	// by its position (a message to send, an answer, an acknowledgement):
	// a reader of the file keeps where that record is, and no other's.
	held bool

	user      *recordedAnswers
	questions map[int64]string // server request Seq -> its params, as question compares them
	chains    *chainInputs
}

func newRerunPlan() *rerunPlan {
	return &rerunPlan{
		answers: map[int64]int32{}, orphans: -1, unsent: map[int64]bool{}, refused: map[int64]refusal{}, probes: map[int64]bool{}, redirected: map[int64]bool{},
		lastRound: map[int64]int64{}, acks: map[string]int32{},
		roots:     rootsPlan{changed: map[int64][]mcp.Root{}, during: map[int64][]mcp.Root{}},
		rootsDone: map[int64]bool{},
		user:      &recordedAnswers{byMethod: map[string][]recordedAnswer{}},
		questions: map[int64]string{}, chains: newChainInputs(),
	}
}

// see takes in the record at pos, in recording order; held then says
// whether the re-run reads it back.
func (p *rerunPlan) see(pos int, r *mcp.Record) {
	p.held = false
	p.noteSessionID(r)
	switch {
	case r.Kind == mcp.KindReceived && r.RPC != nil && r.RPC.ReqSeq != 0 && (r.RPC.Class == mcp.ClassResponse || r.RPC.Class == mcp.ClassLate):
		p.answers[r.RPC.ReqSeq], p.held = int32(pos), true
	case r.Kind == mcp.KindHTTP && r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeProbe:
		p.probes[r.HTTP.ReqSeq] = true
	case r.Kind == mcp.KindHTTP && r.HTTP != nil && r.HTTP.Purpose == mcp.PurposeRelay:
		p.proxied = true
	case r.Kind == mcp.KindError && r.Error != nil && r.Error.Op == mcp.OpProbe:
		p.probes[r.Error.ReqSeq] = true
	case r.Kind == mcp.KindError && r.Error != nil && r.Error.Cause == mcp.CauseRedirected && r.Error.ReqSeq != 0:
		p.redirected[r.Error.ReqSeq] = true
	case r.Kind == mcp.KindHTTP && refusedPost(r.HTTP):
		p.refused[r.HTTP.ReqSeq] = refusalOf(r.HTTP)
	case r.Kind == mcp.KindError && r.Error != nil && r.Error.Op == mcp.OpCancelled && r.Error.ReqSeq != 0:
		p.cancels = append(p.cancels, cancelRef{reqSeq: r.Error.ReqSeq, pos: int32(pos), nanos: r.Time.UnixNano()})
		// A 2026 round cancelled as its last answer was given keeps the
		// answers on the cancel, as a round stopped while asking does.
		asked := p.chains.askedBy(r.Error.ReqSeq)
		for _, key := range slices.Sorted(maps.Keys(r.Error.Given)) {
			p.addGiven(key, asked[key], r.Error.Given[key])
		}
	case r.Kind == mcp.KindError && r.Error != nil && r.Error.Op == mcp.OpInput && (r.Error.Cause == mcp.CauseDeclined || r.Error.Cause == mcp.CauseUnanswered):
		// A 2026 round's sampling the user declined, or a question left
		// unanswered, has no answer in the recording (the request was not
		// sent again): declined or left unanswered again, the re-run ends
		// as the recording did.
		// Of a round left unanswered, only the question whose wait ran
		// out, where the recording names it: the others were answered,
		// or never asked, and the re-run named them all unanswered.
		// The answers given before asking ended were never sent, so
		// only the error holds them: given again, where the recording
		// read them as never given.
		asked := p.chains.askedBy(r.Error.ReqSeq)
		for _, key := range slices.Sorted(maps.Keys(asked)) {
			switch ask := asked[key]; {
			case p.addGiven(key, ask, r.Error.Given[key]):
			case r.Error.Cause == mcp.CauseDeclined && ask.method == "sampling/createMessage":
				p.user.add(ask.method, recordedAnswer{key: key, declined: true, question: ask.question})
			case r.Error.Cause == mcp.CauseUnanswered && answerable(ask.method) && (r.Error.Unanswered == nil || slices.Contains(r.Error.Unanswered, key)):
				p.user.add(ask.method, recordedAnswer{key: key, unanswered: true, question: ask.question})
			}
		}
	case r.Kind == mcp.KindState && r.State != nil && opensSession(r.State) && !p.openDone:
		p.opened, p.openedMethod, p.openDone = p.lastShake, p.lastShakeMethod, true
	}
	if r.RPC == nil {
		return
	}
	m := r.RPC
	// What went on the wire, which the re-run sends (wireOf).
	method, class := m.Method, m.Class
	if r.Kind == mcp.KindSent {
		method, class = wireOf(m)
		chain := p.chains.roundOf(r)
		if chain != 0 {
			p.lastRound[chain] = r.Seq
			if class == mcp.ClassRequest {
				p.inputRounds++
			}
		}
		if class == mcp.ClassRequest && handshakeMethods[method] && !p.openDone {
			p.lastShake, p.lastShakeMethod = r.Seq, method
			p.shakeCaps = clientCapabilitiesOf(method, paramsOf(m.Raw))
		}
		if class == mcp.ClassRequest && method == ListenMethod && !userListen(m, method) {
			p.ownListens++
		}
		if sentAgain(r, method, chain) {
			p.sends = append(p.sends, sendRef{pos: int32(pos), request: class == mcp.ClassRequest, seq: r.Seq, nanos: r.Time.UnixNano()})
			p.held = true
		} else if class == mcp.ClassRequest {
			p.unsent[r.Seq] = true
		}
	}
	p.seeAck(pos, r)
	p.chains.see(r, class, func(chain int64, key string, ask inputAsk, value json.RawMessage) {
		if answerable(ask.method) {
			p.user.add(ask.method, recordedAnswer{key: key, result: value, question: ask.question})
		}
		if ask.method == "roots/list" {
			if roots, ok := rootsResult(value); ok {
				p.noteRoots(roots)
				p.roots.during[chain] = roots
			}
		}
	})
	switch {
	case r.Kind == mcp.KindReceived && m.Class == mcp.ClassServerRequest && answerable(m.Method):
		p.questions[r.Seq] = question(paramsOf(m.Raw))
	case r.Kind == mcp.KindSent && m.Class == mcp.ClassReply && answerable(m.Method):
		ans := replyAnswer(m.Raw)
		ans.question = p.questions[m.ReqSeq]
		p.user.add(m.Method, ans)
	case r.Kind == mcp.KindSent && class == mcp.ClassNotification && method == "notifications/roots/list_changed":
		p.rootsChange = r.Seq
	case r.Kind == mcp.KindSent && m.Class == mcp.ClassReply && m.Method == "roots/list":
		if roots, ok := rootsResult(replyAnswer(m.Raw).result); ok {
			p.noteRoots(roots)
		}
	}
}

// answerer is RerunFile.Answers of the records seen.
func (p *rerunPlan) answerer() mcp.Answerer {
	if len(p.user.byMethod) == 0 {
		return nil
	}
	return p.user
}

// notResent reports a recorded message a re-run does not send: a
// detection probe (probe), or a message upstream redirected, whose copy
// the client sent where the redirect pointed is re-sent in its place.
// Sent too, it went twice, and its recorded refusal (a 307) read as a
// difference from the live answer.
func (p *rerunPlan) notResent(seq int64) bool { return p.probe(seq) || p.redirected[seq] }

// redirectedNotSent is how many recorded messages a re-run leaves out as
// upstream redirected them (notResent).
func (p *rerunPlan) redirectedNotSent() int {
	n := 0
	for _, s := range p.sends {
		if p.redirected[s.seq] {
			n++
		}
	}
	return n
}

// probesNotSent is how many recorded requests were detection's probes
// other than the one that opened the session: a re-run sends none.
func (p *rerunPlan) probesNotSent() int {
	n := 0
	for _, s := range p.sends {
		if s.request && p.probe(s.seq) {
			n++
		}
	}
	return n
}

// opensSession reports a state that says the recorded session is open for
// its requests: initialized, or a proxied stateless session's open (a
// proxied 2026 client's server/discover succeeded, which the proxy says
// so, not initialized), whose handshake the re-run compares.
func opensSession(st *mcp.StateChange) bool {
	return st.State == mcp.StateInitialized || st.State == mcp.StateOpen && st.Transport == mcp.TransportStateless
}

// probe reports whether the request seq was one of detection's probes
// other than the one that opened the session: how the recording found its
// transport, not its handshake, so a re-run does not send it.
func (p *rerunPlan) probe(seq int64) bool {
	opened, _ := p.opening()
	return p.probes[seq] && seq != opened
}

// opening is the Seq of the handshake that opened the recorded session,
// 0 when it never was, and its method.
func (p *rerunPlan) opening() (int64, string) {
	if !p.openDone || p.opened == 0 {
		return 0, ""
	}
	return p.opened, p.openedMethod
}

// cancelledAfter maps each request the recording cancelled (Seq) to how
// long after it was sent it was: the first cancellation after it was sent.
func (p *rerunPlan) cancelledAfter() map[int64]time.Duration {
	out := map[int64]time.Duration{}
	if len(p.cancels) == 0 {
		return out
	}
	named := map[int64][]sendRef{}
	for _, c := range p.cancels {
		named[c.reqSeq] = nil
	}
	for _, s := range p.sends {
		if _, ok := named[s.seq]; ok && s.request {
			named[s.seq] = append(named[s.seq], s)
		}
	}
	for _, c := range p.cancels {
		if _, seen := out[c.reqSeq]; seen {
			continue
		}
		var sent *sendRef
		for i, s := range named[c.reqSeq] {
			if s.pos < c.pos {
				sent = &named[c.reqSeq][i]
			}
		}
		if sent != nil {
			out[c.reqSeq] = max(time.Duration(c.nanos-sent.nanos), 0)
		}
	}
	return out
}

// addGiven keeps, for the re-run to give again, an answer the user gave
// a 2026 round that was never sent (its asking ended, or its call was
// cancelled, as it was given): only the round's error holds it. It
// reports whether there was one to keep.
func (p *rerunPlan) addGiven(key string, ask inputAsk, given mcp.Raw) bool {
	if given == "" || !answerable(ask.method) {
		return false
	}
	p.user.add(ask.method, recordedAnswer{key: key, result: json.RawMessage(given), question: ask.question})
	return true
}

// unrecordedNote says why a request has no recorded answer: the recording
// ended before it came, unless answers in it name no request it holds by
// their req_seq, as a file edited by hand (its seqs renumbered) leaves
// them, and then that is why.
func (p *rerunPlan) unrecordedNote() string {
	if p.orphans < 0 {
		// Counted once, when first asked: planning sees answers before
		// it has seen every request.
		sent := make(map[int64]bool, len(p.sends))
		for _, s := range p.sends {
			sent[s.seq] = true
		}
		p.orphans = 0
		for seq := range p.answers {
			if !sent[seq] && !p.unsent[seq] {
				p.orphans++
			}
		}
	}
	switch p.orphans {
	case 0:
		return unrecordedNote
	case 1:
		return "no answer to it in the recording: 1 answer in the recording names no request it holds by its req_seq (was the file edited?): nothing to compare"
	}
	return fmt.Sprintf("no answer to it in the recording: %d answers in the recording name no request it holds by their req_seq (was the file edited?): nothing to compare", p.orphans)
}
