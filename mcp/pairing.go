package mcp

import (
	"strconv"
	"strings"
)

// pairing matches answers with the requests they answer, by the exact text
// of the id. It keeps one side's requests: ours in a Session, a proxied
// client's in an Observer. Matching the text, not a parsed value, means "1",
// "01" and "\"1\"" are three ids, so a server that mangles an id shows as
// foreign instead of being paired by accident. Only an integer written with
// a fraction or an exponent ("1.0", "1e0") is taken as the integer, in a
// request as in an answer: that is the same JSON number, and the
// TypeScript and Go SDKs pair it (sameInteger; a proxied client's request
// 1.0 comes back 1 from a Go server); and a string written with other
// escapes is the same string ("\u00e9" and "é": sameString). idValue is
// that rule, which SameID shares.
type pairing struct {
	open map[string]*pending
	// alias is the id each open request written otherwise than idValue
	// writes it (with escapes, or an integer with a fraction) waits under
	// in open, by idValue's text: an answer that writes the id another
	// way finds it there.
	alias map[string]string
	// seqs is the id each open request waits under, by its Seq: a proxy
	// asks by Seq as each answer ends, and a walk of open per question
	// cost a client with 10,000 requests unanswered 70µs each.
	seqs map[int64]string
	// batches are the Seqs of the open requests that came in each batch,
	// by the batch's Seq: a proxy fails a batch whose POST failed (and
	// asks of every other message it relays), and a walk of open per
	// failure cost each one the whole of what waits.
	batches map[int64]*openBatch
	// abandoned are the latest ids given up on, with their requests' Seqs,
	// so an answer that comes after is late, not foreign. Bounded as
	// answered is: a client whose requests keep failing (a proxied batch
	// refused again and again, with new ids) grew a map for good.
	abandoned recent[answeredID]
	// answered are the latest ids answered with their requests' Seqs, so a
	// second answer to one is told from an answer to an id never sent.
	answered recent[answeredID]
	// replaced are the latest requests set aside as a newer request of
	// their side took their id while they waited (replace): each still
	// waits for its answer, on its own stream or after the newer one's.
	replaced recent[answeredID]
}

// answeredID is an id answered and the Seq of the request it answered
// (and of the batch it came in, 0 for none: a request replaced is known
// by the POST it came in, whose stream carries its answer).
type answeredID struct {
	id         string
	seq, batch int64
	// method and tool are the request's (tool for a tools/call), so a
	// late answer names what it answers: "" when too long to keep.
	method, tool string
	// offStream says the answer came on a stream no POST opened (a GET
	// resumed): it may have been a replaced request's, taken for the
	// newer one's (takeOn).
	offStream bool
}

func newPairing() pairing {
	return pairing{open: map[string]*pending{}, alias: map[string]string{}, seqs: map[int64]string{}, batches: map[int64]*openBatch{}}
}

// add waits for the answer to id.
func (pr *pairing) add(id string, p *pending) {
	pr.drop(id) // an id used again: its Seq is the new request's
	pr.open[id] = p
	if k := idValue(id); k != id {
		pr.alias[k] = id
	}
	pr.seqs[p.seq] = id
	if p.batch != 0 {
		b := pr.batches[p.batch]
		if b == nil {
			b = &openBatch{}
			pr.batches[p.batch] = b
		}
		b.seqs = append(b.seqs, p.seq)
		b.open++
	}
}

// openBatch is a batch with requests still waiting: the Seqs of all it
// sent, answered or not, and how many still wait. Counted, not cut from
// seqs as each is answered: a batch of 100,000 answered last first would
// cut each from the front of the rest.
type openBatch struct {
	seqs []int64
	open int
}

// drop stops waiting for id, keeping seqs and batches as open is.
func (pr *pairing) drop(id string) {
	p := pr.open[id]
	if p == nil {
		return
	}
	if pr.seqs[p.seq] == id {
		delete(pr.seqs, p.seq)
	}
	if k := idValue(id); k != id && pr.alias[k] == id {
		delete(pr.alias, k)
	}
	if b := pr.batches[p.batch]; b != nil {
		// A batch answered whole leaves nothing behind.
		if b.open--; b.open <= 0 {
			delete(pr.batches, p.batch)
		}
	}
	delete(pr.open, id)
}

// inBatch is the requests still waiting that came in the batch logged at
// batch, by id, in the order they were sent.
func (pr *pairing) inBatch(batch int64) (ids []string, ps []*pending) {
	b := pr.batches[batch]
	if b == nil {
		return nil, nil
	}
	for _, seq := range b.seqs {
		if id, p := pr.bySeq(seq); p != nil && p.seq == seq {
			ids, ps = append(ids, id), append(ps, p)
		}
	}
	return ids, ps
}

// bySeq is the request logged at seq that waits for its answer, and the
// id it waits under; nil when none does.
func (pr *pairing) bySeq(seq int64) (string, *pending) {
	id, ok := pr.seqs[seq]
	if !ok {
		return "", nil
	}
	return id, pr.open[id]
}

// take finds what an answer with this id answers: a waiting request (then
// the class is ClassResponse and the request stops waiting), one given up on
// (ClassLate, with that request's Seq, and a pending that holds only its
// Seq, method and tool: it waits no more), one set aside as a newer request
// took its id (replace: ClassResponse, with such a pending: it waited,
// aside), one answered already (ClassDuplicate, with its Seq), or nothing
// (ClassForeign).
func (pr *pairing) take(id string) (*pending, int64, Class) { return pr.takeFrom(id, 0) }

// takeFrom is take for an answer that came on the stream the POST logged at
// stream opened (0 for none), which a request it answers remembers.
func (pr *pairing) takeFrom(id string, stream int64) (*pending, int64, Class) {
	if key, p := pr.lookup(id); p != nil {
		pr.drop(key)
		pr.remember(answeredID{id: key, seq: p.seq, batch: p.batch, offStream: stream == 0})
		return p, p.seq, ClassResponse
	}
	key := idValue(id)
	// Newest first: a client may use an id again. The request given up on
	// is late only the first time, and only when it is newer than one that
	// id answered: after that the answer is a duplicate.
	same := func(a answeredID) bool { return id != "" && a.id == key }
	if r, ok := pr.replaced.take(same); ok {
		// The newer request with this id was answered (or is given up
		// on): this answer is the one the replaced request waited for.
		pr.remember(r)
		return r.ended(), r.seq, ClassResponse
	}
	gaveUp, late := pr.abandoned.newest(same)
	done, dup := pr.answered.newest(same)
	switch {
	case late && (!dup || gaveUp.seq > done.seq):
		gaveUp.id = id
		pr.remember(gaveUp)
		return gaveUp.ended(), gaveUp.seq, ClassLate
	case dup:
		return nil, done.seq, ClassDuplicate
	}
	return nil, 0, ClassForeign
}

// takeOn is take for an answer that came on the stream the POST logged at
// stream opened (its request's Seq, or its batch's; 0 for a stream no POST
// opened). Where a client used an id again while its first request
// waited, an answer on the POST stream of a request replaced (replace) is
// that request's: a streamable server answers each request on its
// own POST's stream, so the stream tells the two apart where the order of
// the answers cannot (the first request answered first read as the
// newer's answer, and the newer's answer as the first's, late).
func (pr *pairing) takeOn(id string, stream int64) (*pending, int64, Class) {
	if stream == 0 || id == "" {
		return pr.take(id)
	}
	if _, p := pr.lookup(id); p != nil && (p.seq == stream || p.batch == stream) {
		return pr.takeFrom(id, stream)
	}
	key := idValue(id)
	onStream := func(a answeredID) bool { return a.id == key && (a.seq == stream || a.batch == stream) }
	if r, ok := pr.replaced.take(onStream); ok {
		pr.remember(r)
		return r.ended(), r.seq, ClassResponse
	}
	_, replaced := pr.replaced.newest(func(a answeredID) bool { return a.id == key })
	if done, ok := pr.answered.newest(onStream); ok && !(replaced && done.offStream) {
		// This stream's request was answered already: a second answer on
		// it is that request's, not the newer one's on another stream.
		// Not when the answer taken for this stream's request came on a
		// stream no POST opened (a GET resumed) while a request replaced
		// under the id still waits: it may have been the replaced one's,
		// and take pairs this one as that request's.
		return nil, done.seq, ClassDuplicate
	}
	return pr.takeFrom(id, stream)
}

// answeredBefore reports whether an answer with this id answered one of
// our requests already (among the latest answered).
func (pr *pairing) answeredBefore(id string) bool {
	key := idValue(id)
	_, ok := pr.answered.newest(func(a answeredID) bool { return a.id == key })
	return ok
}

// lookup finds the request waiting for an answer with this id, and the
// id it waits under (the integer id 1.0 names), without taking it: nil
// when none waits.
func (pr *pairing) lookup(id string) (string, *pending) {
	if p, ok := pr.open[id]; ok {
		return id, p
	}
	key := idValue(id)
	if p := pr.open[key]; p != nil {
		return key, p
	}
	if waits, ok := pr.alias[key]; ok && pr.open[waits] != nil {
		return waits, pr.open[waits]
	}
	return "", nil
}

// ended is the request a stands for, for its answer to name: its Seq,
// method and tool, without what a request waiting in open has (a result
// channel): only a proxy's Observer, which waits on nothing, replaces.
func (a answeredID) ended() *pending {
	return &pending{seq: a.seq, batch: a.batch, method: a.method, tool: a.tool}
}

// remember keeps a's id as answered, forgetting the oldest past recentKept.
func (pr *pairing) remember(a answeredID) { keepID(&pr.answered, a) }

// keepID keeps a in ring, forgetting the oldest past recentKept.
func keepID(ring *recent[answeredID], a answeredID) {
	if len(a.id) > 256 {
		return // no id of a real client or ours is this long
	}
	// A copy: id is a view of the answer's bytes, and keeping a view keeps
	// the whole answer (a proxy relaying 20 MB answers held 256 of them).
	// Kept as it is paired (take): "2.00" answered late is kept as 2, so
	// a later answer "2" is a duplicate, not late again.
	a.id = strings.Clone(idValue(a.id))
	// Copies too, for the same reason; one past any real request's
	// name is not kept, and its late answer names the id alone.
	a.method, a.tool = keptName(a.method), keptName(a.tool)
	ring.add(a)
}

// keptName is a copy of a request's method or tool name, "" past 256 bytes.
func keptName(name string) string {
	if len(name) > 256 {
		return ""
	}
	return strings.Clone(name)
}

// abandon stops waiting for id, if p is still what waits for it: an answer
// that comes later is late. It reports false when the answer won the race.
func (pr *pairing) abandon(id string, p *pending) bool {
	if pr.open[id] != p {
		return false
	}
	pr.drop(id)
	keepID(&pr.abandoned, givenUp(id, p))
	return true
}

// replace sets p, waiting for id, aside for a newer request with the same
// id: an answer with the id after the newer one's is p's (take), as is one
// on p's own POST stream (takeOn).
func (pr *pairing) replace(id string, p *pending) {
	pr.drop(id)
	keepID(&pr.replaced, givenUp(id, p))
}

// givenUp is what is kept of p, waiting under id, once given up on.
func givenUp(id string, p *pending) answeredID {
	return answeredID{id: id, seq: p.seq, batch: p.batch, method: p.method, tool: p.tool}
}

// waiting reports whether a request still waits for the answer to id.
func (pr *pairing) waiting(id string) bool {
	_, ok := pr.open[id]
	return ok
}

// abandonConn gives up on every request of connection conn and returns them.
func (pr *pairing) abandonConn(conn int) []*pending {
	var out []*pending
	for id, p := range pr.open {
		if p.conn == conn {
			pr.drop(id)
			keepID(&pr.abandoned, givenUp(id, p))
			out = append(out, p)
		}
	}
	return out
}

// drain stops waiting for everything and returns what waited.
func (pr *pairing) drain() []*pending {
	out := make([]*pending, 0, len(pr.open))
	for _, p := range pr.open {
		out = append(out, p)
	}
	clear(pr.open)
	clear(pr.alias)
	clear(pr.seqs)
	clear(pr.batches)
	return out
}

// NullIDError reports whether m is an error with id null that pairing found
// no request for: JSON-RPC's answer to a request the server could not read
// (too large, or its id unreadable). It is why a request failed, not an
// answer meant for some other client. The proxy's log and the history's
// rows both ask this, so they name such an answer alike.
func (m *RPCMessage) NullIDError() bool {
	return m.Class == ClassForeign && m.ID == "null" && m.RPCError
}

// NullIDResult reports whether m is a result with id null: it answers no
// request (a server's answer to a notification, say). Exec's notes and the
// proxy's log both ask this, so they name such an answer alike.
func (m *RPCMessage) NullIDResult() bool {
	return m.Class == ClassForeign && m.ID == "null" && !m.RPCError
}

// sameInteger is the integer a JSON number id written with a fraction or an
// exponent stands for, in the plain digits mcpscope writes ids in ("1.0",
// "1e0" and "10E-1" are "1"): the same JSON number, and the TypeScript and
// Go SDKs read an answer's id as a number, so a server that writes our 1 as
// 1.0 answers request 1 for clients built on them (the Python SDK refuses
// it; Ambiguities says readers differ). ok is false for
// anything else: an integer as written already, a string, a number with a
// fraction, or one past a few dozen digits. Zero written "-0" is 0 too:
// both SDKs answer it 0.
func sameInteger(id string) (integer string, ok bool) {
	if len(id) > 64 || !strings.ContainsAny(id, ".eE") && id != "-0" {
		return "", false
	}
	sign := ""
	if strings.HasPrefix(id, "-") {
		sign, id = "-", id[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(id), "e")
	whole, frac, hasFrac := strings.Cut(mant, ".")
	if (hasExp && exp == "") || (hasFrac && frac == "") {
		return "", false // not a JSON number
	}
	shift := 0
	if hasExp {
		n, err := strconv.Atoi(exp)
		if err != nil || n < -64 || n > 64 {
			return "", false
		}
		shift = n
	}
	digits := whole + frac
	if whole == "" || (len(whole) > 1 && whole[0] == '0') || strings.Trim(digits, "0123456789") != "" {
		return "", false // not a JSON number
	}
	point := len(whole) + shift
	switch {
	case point < 0:
		point, digits = 0, strings.Repeat("0", -point)+digits
	case point > len(digits):
		digits += strings.Repeat("0", point-len(digits))
	}
	if strings.Trim(digits[point:], "0") != "" {
		return "", false // a fraction
	}
	integer = strings.TrimLeft(digits[:point], "0")
	if integer == "" {
		return "0", true
	}
	return sign + integer, true
}
