package mcptest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sync"
)

// Request is one HTTP request a streamable or stateless fake received,
// recorded on arrival whatever the answer, so a test can assert what the
// client sent and how the fake answered.
type Request struct {
	// Seq is the order of arrival, from 1.
	Seq int
	// Method is the HTTP method: POST, GET or DELETE.
	Method string
	// Target is the request URI as received: path and query.
	Target string
	// Header holds the request headers.
	Header http.Header
	// Body is the request body exactly.
	Body []byte
	// SessionID is the Mcp-Session-Id header ("" if none).
	SessionID string
	// Kind, RPCMethod and ID describe the JSON-RPC message in Body.
	Kind      Kind
	RPCMethod string
	ID        json.RawMessage
	// Status is the HTTP status answered; 0 until the answer's headers went
	// out (an SSE answer sends them with its first event).
	Status int
	// ContentType is the Content-Type of the answer.
	ContentType string
	// Ended reports that the fake has finished the answer: the JSON body
	// or the SSE stream is complete, cut or broken.
	Ended bool
	// Cancelled reports that the client closed the connection before the
	// answer was complete (how a 2026 client cancels a request) or, on the
	// stateful fake, sent notifications/cancelled for it (how a 2025 one
	// does).
	Cancelled bool
	// Answered is the order in which the fake wrote this request's JSON-RPC
	// response among all the responses it wrote (1, 2, ...), 0 before, so a
	// test can tell answers that came out of order.
	Answered int
}

// Is reports whether r is a POST of a JSON-RPC message with this method.
func (r Request) Is(method string) bool { return r.Method == http.MethodPost && r.RPCMethod == method }

// journal records the requests of a fake and wakes those waiting on them.
type journal struct {
	done <-chan struct{} // the server's; waits end when it closes

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced on every change
	reqs     []*Request
	answered int // responses written so far
}

func newJournal(done <-chan struct{}) *journal {
	return &journal{done: done, changed: make(chan struct{})}
}

// add reads r's body and records r.
func (j *journal) add(r *http.Request) *Request {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		body = nil
	}
	rec := &Request{
		Method:    r.Method,
		Target:    r.URL.RequestURI(),
		Header:    r.Header.Clone(),
		Body:      body,
		SessionID: r.Header.Get("Mcp-Session-Id"),
	}
	if r.Method == http.MethodPost {
		rec.Kind, rec.RPCMethod, rec.ID, _ = parse(body)
	}
	j.mu.Lock()
	rec.Seq = len(j.reqs) + 1
	j.reqs = append(j.reqs, rec)
	j.notifyLocked()
	j.mu.Unlock()
	return rec
}

// update changes a recorded request under the lock.
func (j *journal) update(rec *Request, f func(*Request)) {
	j.mu.Lock()
	f(rec)
	j.notifyLocked()
	j.mu.Unlock()
}

// answered numbers rec's response in the order responses were written.
func (j *journal) answer(rec *Request) {
	j.mu.Lock()
	j.answered++
	rec.Answered = j.answered
	j.notifyLocked()
	j.mu.Unlock()
}

func (j *journal) notifyLocked() {
	close(j.changed)
	j.changed = make(chan struct{})
}

// all returns a copy of every request, oldest first.
func (j *journal) all() []Request {
	j.mu.Lock()
	defer j.mu.Unlock()
	return copies(j.reqs)
}

// copies is a snapshot of what each of ptrs points at, for a caller: the
// fake's later writes (a status, an end) do not reach it.
func copies[T any](ptrs []*T) []T {
	out := make([]T, len(ptrs))
	for i, p := range ptrs {
		out[i] = *p
	}
	return out
}

// touch wakes every waiter after a change outside the journal (a session
// made, a stream attached), so one mechanism serves every Wait method.
func (j *journal) touch() {
	j.mu.Lock()
	j.notifyLocked()
	j.mu.Unlock()
}

// waitUntil blocks until cond is true, ctx ends or the server closes; cond
// is checked after every change.
func (j *journal) waitUntil(ctx context.Context, cond func() bool) error {
	for {
		j.mu.Lock()
		changed := j.changed
		j.mu.Unlock()
		if cond() {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		case <-j.done:
			return ErrClosed
		}
	}
}

// wait returns the first request, past or future, for which match is true.
func (j *journal) wait(ctx context.Context, match func(Request) bool) (Request, error) {
	var found Request
	err := j.waitUntil(ctx, func() bool {
		for _, r := range j.all() {
			if match(r) {
				found = r
				return true
			}
		}
		return false
	})
	return found, err
}

// waitNext returns the item of *list at *next once there is one, and moves
// *next past it: each Wait call hands out every item once, oldest first.
// mu guards both.
func waitNext[T any](ctx context.Context, j *journal, mu *sync.Mutex, list *[]T, next *int) (T, error) {
	var v T
	err := j.waitUntil(ctx, func() bool {
		mu.Lock()
		defer mu.Unlock()
		if *next < len(*list) {
			v = (*list)[*next]
			*next++
			return true
		}
		return false
	})
	return v, err
}
