package history

import (
	"time"
)

// row is what the Log keeps of a Pair: the records as entries of its store
// (entry + 1; 0 for none), so a row costs the same whatever its messages
// weigh, and a replayed row holds nothing the file does not. A server that
// floods notifications makes a row of each, so a row keeps only what a
// notification's needs (72 bytes, where it was 184): what an answer, a
// POST or a reply adds is in wire, what only our requests use in more.
type row struct {
	method    string
	sent      time.Time
	more      *rowMore // nil for none
	wire      *rowWire // nil for none
	req, resp int32
	kindNo    uint8 // the kind's index in pairKinds
	stateNo   uint8 // the state's index in pairStates
}

// rowWire is what a row holds once it has an id, an answer, a POST, a
// failure, a reply or a relay: every row but a notification's.
type rowWire struct {
	id, tool                 string
	post, fail, reply, relay int32
	answered                 time.Time
	postLatency, latency     time.Duration
	respSize                 int
}

// pairKinds and pairStates number the kinds and states a row keeps as a
// byte; a row's zero codes read as the empty kind and state.
var (
	pairKinds = []PairKind{"", KindRequest, KindNotificationOut, KindNotificationIn, KindServerRequest,
		KindForeign, KindDuplicate, KindBatch, KindInvalid}
	pairStates = []PairState{"", StatePending, StateOK, StateRPCError, StateToolError, StateTimedOut,
		StateLate, StatePostFailed, StateSent, StateAnswered, StateUserCancelled, StateReceived,
		StateCancelled, StateFailed, StateDeclined, StateProbe, StateInput, StateReplaced, StateClosed,
		StateRedirected}
)

// codeIn is v's index in table; 0 (the table's zero value) when it has none.
func codeIn[T comparable](table []T, v T) uint8 {
	for i, c := range table {
		if c == v {
			return uint8(i)
		}
	}
	return 0
}

func (p *row) kind() PairKind   { return pairKinds[p.kindNo] }
func (p *row) state() PairState { return pairStates[p.stateNo] }

// wireOf is a copy of p's rowWire, empty for none, to read.
func (p *row) wireOf() rowWire {
	if p.wire == nil {
		return rowWire{}
	}
	return *p.wire
}

// wired is p's rowWire, made when first needed.
func (p *row) wired() *rowWire {
	if p.wire == nil {
		p.wire = &rowWire{}
	}
	return p.wire
}

// extra is the row's rowMore, made when first needed.
func (p *row) extra() *rowMore {
	if p.more == nil {
		p.more = &rowMore{}
	}
	return p.more
}

// opening is a row as it is filed, before open keeps it compactly.
type opening struct {
	kind             PairKind
	state            PairState
	id, method, tool string
	req, resp, reply int32
	sent, answered   time.Time
	respSize         int
	more             *rowMore
}

// extra is the opening row's rowMore, made when first needed.
func (o *opening) extra() *rowMore {
	if o.more == nil {
		o.more = &rowMore{}
	}
	return o.more
}

// row is the row o opens, its state still to set.
func (o *opening) row() row {
	rw := row{method: o.method, sent: o.sent, more: o.more, req: o.req, resp: o.resp, kindNo: codeIn(pairKinds, o.kind)}
	if o.id != "" || o.tool != "" || o.reply != 0 || !o.answered.IsZero() || o.respSize != 0 {
		rw.wire = &rowWire{id: o.id, tool: o.tool, reply: o.reply, answered: o.answered, respSize: o.respSize}
	}
	return rw
}

// rowMore is what only our requests' rows use, kept apart: a server that
// floods notifications makes a row of each, and a row is most of what a
// Log reading its records back from a recording holds.
type rowMore struct {
	chain           int64
	round           int
	progress, total float64
	progressMsg     string
	progressN       int
	progressAt      time.Time // when the newest progress came
	proxyAdded      time.Duration
	resumes         []int32 // entries + 1, at most maxResumes
	subject         string  // see Pair.Subject
	// token is the progressToken the request named when it is not its id
	// (a proxied client's own), which its progress comes under.
	token      string
	output     string   // see Pair.Output
	ambiguous  bool     // see Pair.Ambiguous
	streamOpen bool     // see Pair.StreamOpen
	ownReopen  bool     // a listen stream mcpscope reopened on its own (listenReopens)
	rare       *rowRare // nil for none
}

// rowRare is what few requests' rows have, kept apart again: each field
// made every row of a session of our requests 16 bytes larger (5.5 MiB
// more to replay a million records), for a subscription or a server that
// broke a rule.
type rowRare struct {
	// uri is a resources/subscribe's or unsubscribe's URI whole
	// (subscriptionURI), which the subject cuts.
	uri             string
	progressProblem string // see Pair.ProgressProblem
	anyway          string // see Pair.Anyway
	// cancelledAs is the id a notifications/cancelled of the server's
	// named the request by (serverCancelled), as it wrote it: the
	// answer after is said to come anyway in the words exec uses.
	cancelledAs string
	nullResult  string // see Pair.NullResult
}

// rarer is x's rowRare, made when first needed.
func (x *rowMore) rarer() *rowRare {
	if x.rare == nil {
		x.rare = &rowRare{}
	}
	return x.rare
}

// rareOf is a copy of x's rowRare, empty for none, to read.
func (x *rowMore) rareOf() rowRare {
	if x == nil || x.rare == nil {
		return rowRare{}
	}
	return *x.rare
}
