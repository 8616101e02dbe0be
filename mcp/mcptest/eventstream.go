package mcptest

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
)

// errDetached is returned by a write to a stream that no HTTP response
// carries at the moment (it was cut, broken or never resumed). With an event
// store the event is still kept for a resuming GET.
var errDetached = errors.New("mcptest: no HTTP response carries this stream now")

// attachment is one HTTP response carrying a stream: the POST that opened
// it, or a GET that resumed it. Only the goroutine serving that HTTP request
// returns from it, once end is closed; everybody else writes through the
// stream under its lock, and nobody after detach.
type attachment struct {
	ctx   context.Context // the HTTP request's: done when the client leaves
	w     http.ResponseWriter
	rc    *http.ResponseController
	rec   *Request
	j     *journal
	wrote bool          // the status line and headers went out
	end   chan struct{} // closed when the HTTP handler must return
	ended bool          // end is closed
	abort bool          // return by breaking the connection
	gone  bool          // detached: no more writes
	left  bool          // the client had left when the fake ended the answer
}

func newAttachment(w http.ResponseWriter, r *http.Request, rec *Request, j *journal) *attachment {
	return &attachment{ctx: r.Context(), w: w, rc: http.NewResponseController(w), rec: rec, j: j, end: make(chan struct{})}
}

// writeHeader sends the status line and headers once, and records them.
func (a *attachment) writeHeader(status int, contentType string) {
	if a.wrote || a.gone {
		return
	}
	a.wrote = true
	h := a.w.Header()
	if contentType != "" {
		h.Set("Content-Type", contentType)
	} else if _, set := h["Content-Type"]; !set {
		// A nil entry stops net/http from sniffing one, so "none" means none.
		h["Content-Type"] = nil
	}
	if contentType == "text/event-stream" {
		h.Set("Cache-Control", "no-cache")
		h.Set("Connection", "keep-alive")
	}
	a.w.WriteHeader(status)
	a.j.update(a.rec, func(r *Request) { r.Status, r.ContentType = status, contentType })
}

// write sends b and flushes it; a failed write means the client has gone.
func (a *attachment) write(b string) error {
	if a.gone {
		return errDetached
	}
	if _, err := io.WriteString(a.w, b); err != nil {
		return err
	}
	return a.rc.Flush()
}

// finish tells the HTTP handler to return; abort breaks the connection
// instead of ending the answer cleanly.
func (a *attachment) finish(abort bool) {
	if a.ended {
		return
	}
	a.ended, a.abort = true, abort
	a.left = a.ctx.Err() != nil
	close(a.end)
}

// carry holds an HTTP response open while it carries stream, and returns
// once the fake ended the answer (complete, cut or broken), the client left
// or done is closed. Nobody writes to the response after it returned. The
// request is recorded Cancelled when the client left before complete
// reported the answer done; a handler that stopped because the client left
// counts as the client leaving first.
func carry(r *http.Request, rec *Request, j *journal, stream *sseStream, a *attachment, done <-chan struct{}, complete func() bool) {
	clientLeft := false
	select {
	case <-a.end:
		clientLeft = a.left
	case <-r.Context().Done():
		select {
		case <-done:
		default:
			clientLeft = true
		}
	case <-done:
	}
	stream.detach(a)
	cancelled := clientLeft && !complete()
	j.update(rec, func(r *Request) {
		r.Ended = true
		r.Cancelled = r.Cancelled || cancelled
	})
	if a.abort {
		// Returning would end the chunked answer cleanly; ErrAbortHandler
		// makes net/http break the connection without a log line.
		panic(http.ErrAbortHandler)
	}
}

// IDStyle is how a fake numbers the events of its SSE streams.
type IDStyle int

const (
	// IDsAuto numbers events per stream when there is an event store or a
	// priming event, and sends no ids otherwise (the SDKs' default).
	IDsAuto IDStyle = iota
	// IDsNone never sends an id: line.
	IDsNone
	// IDsPerStream sends "<stream>_<n>" (the Go and TypeScript SDKs' shape),
	// n counting from 1 on each stream.
	IDsPerStream
	// IDsNumeric sends 1, 2, 3, ... counted across the whole session.
	IDsNumeric
)

// storedEvent is one event kept for replay.
type storedEvent struct {
	id     string
	stream *sseStream
	raw    string
}

// eventLog numbers a session's events and, with a store, keeps them for
// resumption.
type eventLog struct {
	style      IDStyle // never IDsAuto: resolved by the owner
	store      bool
	allStreams bool // replay every stream's events, not just the one asked for

	mu     sync.Mutex
	n      int // events numbered in the session
	events []storedEvent
}

// record gives the next event of s its id and keeps it when there is a
// store. s.mu must be held.
func (l *eventLog) record(s *sseStream, name, data string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	s.n++
	id := ""
	switch l.style {
	case IDsPerStream:
		id = s.id + "_" + strconv.Itoa(s.n)
	case IDsNumeric:
		id = strconv.Itoa(l.n)
	}
	raw := frameEvent(name, id, data)
	if l.store && id != "" {
		l.events = append(l.events, storedEvent{id: id, stream: s, raw: raw})
	}
	return raw
}

// after returns the stream the event with this id was on and the stored
// events to replay after it; ok is false for an id the store never saw.
func (l *eventLog) after(id string) (s *sseStream, replay []string, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	at := -1
	for i, e := range l.events {
		if e.id == id {
			at, s = i, e.stream
			break
		}
	}
	if at < 0 {
		return nil, nil, false
	}
	for _, e := range l.events[at+1:] {
		if l.allStreams || e.stream == s {
			replay = append(replay, e.raw)
		}
	}
	return s, replay, true
}

// sseStream is one logical SSE stream: a POST's response stream, a session's
// GET stream or a listen stream. Its events survive the HTTP response that
// carried them when the session has an event store.
type sseStream struct {
	id  string
	log *eventLog

	mu   sync.Mutex
	att  *attachment // nil while no HTTP response carries the stream
	n    int         // events numbered on this stream
	done bool        // the stream is complete: no more events will come
}

// send writes one event; the error says whether an HTTP response carried it.
func (s *sseStream) send(name, data string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	raw := s.log.record(s, name, data)
	return s.writeLocked(raw)
}

// writeRaw writes b exactly (comments, retry fields, broken framing); raw
// bytes are never stored for replay.
func (s *sseStream) writeRaw(b string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.writeLocked(b)
}

func (s *sseStream) writeLocked(b string) error {
	if s.att == nil {
		return errDetached
	}
	s.att.writeHeader(http.StatusOK, "text/event-stream")
	if err := s.att.write(b); err != nil {
		s.detachLocked(false)
		return err
	}
	return nil
}

// attach makes a the stream's carrier; it fails when another one is live.
func (s *sseStream) attach(a *attachment) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.att != nil {
		return false
	}
	s.att = a
	return true
}

// detach lets go of a if it still carries the stream. The HTTP handler
// calls it before it returns, so nobody writes to its response afterwards.
func (s *sseStream) detach(a *attachment) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.att == a {
		s.detachLocked(false)
	}
	a.gone = true
}

// isDone reports whether the stream is complete.
func (s *sseStream) isDone() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.done
}

// detachLocked drops the carrier and tells its handler to return.
func (s *sseStream) detachLocked(abort bool) {
	if s.att == nil {
		return
	}
	s.att.finish(abort)
	s.att.gone = true
	s.att = nil
}

// cut ends the carrying response mid-stream: cleanly, after writing
// prelude (a retry field), or by breaking the connection.
func (s *sseStream) cut(prelude string, abort bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.att == nil {
		return
	}
	if prelude != "" {
		_ = s.writeLocked(prelude) // A failed write has detached already.
	}
	s.detachLocked(abort)
}

// finish marks the stream complete and ends its carrying response.
func (s *sseStream) finish() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done = true
	if s.att != nil {
		s.att.writeHeader(http.StatusOK, "text/event-stream")
		s.att.finish(false)
	}
}

// resume replays the events after lastID on a, then attaches a if the
// stream is still live. It answers the GET itself when it cannot resume.
func (l *eventLog) resume(a *attachment, lastID string) (s *sseStream, live bool) {
	if !l.store {
		a.writeHeader(http.StatusBadRequest, "text/plain; charset=utf-8")
		_ = a.write("stream replay unsupported\n")
		return nil, false
	}
	// The stream's lock is taken before the replay is read, so no event can
	// slip in between the replay and going live.
	s, _, ok := l.after(lastID)
	if !ok {
		a.writeHeader(http.StatusBadRequest, "text/plain; charset=utf-8")
		_ = a.write("unknown Last-Event-ID " + strconv.Quote(lastID) + "\n")
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.att != nil {
		a.writeHeader(http.StatusConflict, "text/plain; charset=utf-8")
		_ = a.write("Conflict: the stream is already being delivered\n")
		return nil, false
	}
	_, replay, _ := l.after(lastID)
	a.writeHeader(http.StatusOK, "text/event-stream")
	for _, raw := range replay {
		if a.write(raw) != nil {
			return s, false
		}
	}
	if s.done {
		return s, false
	}
	s.att = a
	return s, true
}
