package ui

import (
	"context"
	"slices"
	"sync"

	"github.com/mcpscope/mcpscope/mcp"
)

// inflight keeps a cancel func for every send still running and the
// request records each has sent, so the cancel key can stop the send
// behind the selected row: its request (or any round of its chain, or the
// tools/list a call ran first). Sends run in commands on other goroutines,
// hence the lock; Update only reads and cancels.
type inflight struct {
	mu     sync.Mutex
	nextID int
	cancel map[int]context.CancelFunc
	bySeq  map[int64]int   // a request record's Seq -> the send that sent it
	seqs   map[int][]int64 // a send -> the Seqs it sent
	labels map[int]string  // a send -> what it sends, for the status line
}

func newInflight() *inflight {
	return &inflight{cancel: map[int]context.CancelFunc{}, bySeq: map[int64]int{}, seqs: map[int][]int64{}, labels: map[int]string{}}
}

// start registers a send of what label names and returns its context,
// which reports the requests it sends, and its id for done.
func (f *inflight) start(parent context.Context, label string) (context.Context, int) {
	ctx, cancel := context.WithCancel(parent)
	f.mu.Lock()
	f.nextID++
	id := f.nextID
	f.cancel[id] = cancel
	f.labels[id] = label
	f.mu.Unlock()
	return mcp.OnSent(ctx, func(seq int64) {
		f.mu.Lock()
		defer f.mu.Unlock()
		if _, ok := f.cancel[id]; ok {
			f.bySeq[seq] = id
			f.seqs[id] = append(f.seqs[id], seq)
		}
	}), id
}

// done forgets a send that returned, and returns the request records it
// sent.
func (f *inflight) done(id int) []int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	if cancel, ok := f.cancel[id]; ok {
		cancel()
	}
	delete(f.cancel, id)
	delete(f.labels, id)
	seqs := f.seqs[id]
	for _, seq := range seqs {
		delete(f.bySeq, seq)
	}
	delete(f.seqs, id)
	return seqs
}

// cancelSeq cancels the send that sent the request record seq, and
// reports whether one was still running.
func (f *inflight) cancelSeq(seq int64) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	id, ok := f.bySeq[seq]
	if !ok {
		return false
	}
	f.cancel[id]()
	return true
}

// waiting cancels the one send running when it has sent no request (a
// 2026 subscribe waiting for the listen stream's acknowledgement: the
// listen request is the session's, not the send's), and reports whether
// there was such a send.
func (f *inflight) waiting() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.cancel) != 1 {
		return false
	}
	for id, cancel := range f.cancel {
		if len(f.seqs[id]) == 0 {
			cancel()
			return true
		}
	}
	return false
}

// running is how many sends have not returned yet.
func (f *inflight) running() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.cancel)
}

// cancelNewest cancels the send started last, when it is still running
// and shown reports none of the request records it sent so far (its row
// is still to come), and returns what it sends; "" when there is none.
func (f *inflight) cancelNewest(shown func(seq int64) bool) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	newest := 0
	for id := range f.cancel {
		newest = max(newest, id)
	}
	if newest == 0 || slices.ContainsFunc(f.seqs[newest], shown) {
		return ""
	}
	f.cancel[newest]()
	return f.labels[newest]
}
