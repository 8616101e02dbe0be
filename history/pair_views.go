package history

import (
	"weak"

	"github.com/mcpscope/mcpscope/mcp"
)

// record is the record of an entry + 1, or nil for 0.
func (l *Log) record(e int32) *mcp.Record {
	if e == 0 {
		return nil
	}
	return l.st.get(int(e - 1))
}

// pair builds row i as a Pair.
func (l *Log) pair(i int32) Pair {
	rw := l.rows.at(int(i))
	var x rowMore
	if rw.more != nil {
		x = *rw.more
	}
	rare := x.rareOf()
	w := rw.wireOf()
	return Pair{
		Kind: rw.kind(), State: rw.state(), ID: w.id, Method: rw.method, Tool: mcp.NameShown(w.tool),
		Request: l.record(rw.req), Response: l.record(rw.resp), Post: l.record(w.post),
		Failure: l.failureNow(w.fail), Reply: l.record(w.reply),
		Sent: rw.sent, Answered: w.answered, PostLatency: w.postLatency, Latency: w.latency,
		ResponseSize: w.respSize, Chain: x.chain, Round: x.round,
		Progress: x.progress, Total: x.total, ProgressMessage: x.progressMsg, Notifications: x.progressN, ProgressAt: x.progressAt,
		Relay: l.record(w.relay), ProxyAdded: x.proxyAdded, Resumes: l.records(x.resumes),
		Subject: x.subject, Output: x.output, Ambiguous: x.ambiguous, StreamOpen: x.streamOpen,
		ProgressProblem: rare.progressProblem, Anyway: rare.anyway, NullResult: rare.nullResult, proxied: l.neg.client != nil,
	}
}

// records are the records of entries + 1.
func (l *Log) records(es []int32) []*mcp.Record {
	if len(es) == 0 {
		return nil
	}
	rs := make([]*mcp.Record, len(es))
	for i, e := range es {
		rs[i] = l.record(e)
	}
	return rs
}

// pairViews are the Pairs handed out. A Pair is built when asked for and
// kept while anyone holds it (a weak pointer finds it again, and the Log
// updates it in place when its row changes); the ones asked for lately are
// held here too, so drawing the same rows frame after frame builds nothing.
type pairViews struct {
	live   map[int32]weak.Pointer[Pair]
	recent [recentPairs]*Pair
	next   int
	sweep  int // prune dead entries of live when it grows past this
}

const recentPairs = 128

func (v *pairViews) get(l *Log, i int32) *Pair {
	if wp, ok := v.live[i]; ok {
		if p := wp.Value(); p != nil {
			return p
		}
	}
	p := new(Pair)
	*p = l.pair(i)
	if v.live == nil {
		v.live = make(map[int32]weak.Pointer[Pair])
	}
	v.live[i] = weak.Make(p)
	v.recent[v.next] = p
	v.next = (v.next + 1) % recentPairs
	if len(v.live) > v.sweep {
		for k, wp := range v.live {
			if wp.Value() == nil {
				delete(v.live, k)
			}
		}
		v.sweep = 2*len(v.live) + recentPairs
	}
	return p
}

// refresh updates the Pair of row i in place, if anyone holds one.
func (v *pairViews) refresh(l *Log, i int32) {
	if wp, ok := v.live[i]; ok {
		if p := wp.Value(); p != nil {
			*p = l.pair(i)
		}
	}
}

// newestRound is, for the first row of a multi round-trip request (the
// server asked for input, and the request went again), the row of its
// newest round, whose state is the call's outcome; nil for any other row.
func (l *Log) newestRound(p *Pair) *Pair {
	if i := l.newestRoundIndex(p); i >= 0 {
		return l.Pair(i)
	}
	return nil
}

// newestRoundIndex is newestRound's index among the pairs, -1 for none.
func (l *Log) newestRoundIndex(p *Pair) int {
	if p == nil || p.State != StateInput || p.Request == nil {
		return -1
	}
	i, ok := l.lastRound[p.Request.Seq]
	if !ok {
		return -1
	}
	return int(i)
}

// ShownState is the state a row reads as, for the TUI and the export
// alike: a listen stream closed with x (or by a proxied client leaving)
// is closed, an end as the session's close is, not a request given up
// on; and the first row of a multi round-trip request whose rounds are
// over reads as the call came out, where "input" stayed beside the last
// round's "ok". last is then that round, whose state this is; nil for any
// other row.
func (l *Log) ShownState(p *Pair) (s PairState, last *Pair) {
	switch p.State {
	case StateCancelled:
		if p.Kind == KindRequest && p.Method == ListenMethod {
			return StateClosed, nil
		}
	case StateInput:
		if last := l.newestRound(p); last != nil && last.State != StateInput && last.State != StatePending {
			return last.State, last
		}
	}
	return p.State, nil
}
