package mcp

import (
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// unfinishedAnswer is how many bytes of an answer came without making a
// whole event or body yet, and when the last of them came: an answer that
// stopped coming is not one still coming, a few bytes at a time.
type unfinishedAnswer struct {
	n    atomic.Int64
	last atomic.Int64 // the UnixNano of the read that last changed n
	// comment says the n bytes of a stream's unfinished block are all
	// comment lines (each begins with a colon): no event had begun.
	comment atomic.Bool
	// length is the Content-Length of the JSON body n counts, 0 when it
	// named none or n counts a stream's block.
	length atomic.Int64
	// block is a stream's unfinished block itself, set with n between
	// reads (show): the framer's own bytes, not a copy, which it only
	// ever adds to, so what block holds never changes under a reader.
	// Nil for a JSON body, whose bytes io.ReadAll holds.
	mu    sync.Mutex
	block []byte
}

// show keeps b, the framer's bytes of the block not yet ended, for
// UnfinishedAnswer to read.
func (u *unfinishedAnswer) show(b []byte) {
	u.mu.Lock()
	u.block = b
	u.mu.Unlock()
}

// UnfinishedAnswer is what came of the answer to the request logged at
// reqSeq without making a whole event yet: the bytes of the event its
// stream stopped in the middle of, as they came. It is "" when there is
// none: the request answered or given up on, no event begun (only
// comment lines), or an answer in a JSON body. The bytes are the
// stream's framer's, shared, not copied: they never change once read.
func (s *Session) UnfinishedAnswer(reqSeq int64) string {
	s.mu.Lock()
	_, p := s.pairs.bySeq(reqSeq)
	s.mu.Unlock()
	if p == nil || p.unfinished.comment.Load() {
		return ""
	}
	p.unfinished.mu.Lock()
	b := p.unfinished.block
	p.unfinished.mu.Unlock()
	return stringOf(b)
}

// set records that n bytes are unfinished after a read at at.
func (u *unfinishedAnswer) set(n int64, at time.Time) {
	if old := u.n.Swap(n); n > 0 && n != old {
		u.last.Store(at.UnixNano())
	}
}

// refusedWith notes resp, the final answer of p's POST, an error status,
// before its body is read, and counts that body as it is read: a wait that
// runs out reading it says the status came, and how far the body got.
func (p *pending) refusedWith(resp *http.Response, now func() time.Time) {
	p.refused.Store(new(statusText(resp)))
	p.unfinished.length.Store(max(resp.ContentLength, 0))
	resp.Body = unfinishedBody(resp.Body, &p.unfinished, now)
}
