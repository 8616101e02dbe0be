package mcp

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// asideStream is the request context of a POST that awaits no answer (a
// notification, or our reply to a server request). Such a POST is done once
// the server took it; a server should answer 202, but one may answer with
// an event stream and keep it open. Until the status comes the POST is
// bound by the caller's context; a stream it opens is then read aside, for
// answeredLinger as a request's stream is after its answer, bound by the
// session's life instead of the caller's cancellation (the caller's
// deadline stays the context's own): the caller (the handshake, a reply)
// never waits on it, and it holds no connection for long.
type asideStream struct {
	ctx    context.Context
	cancel context.CancelFunc
	stop   func() bool // detaches ctx from the caller's cancellation
	handed bool        // readAside owns ctx now
}

func newAsideStream(caller context.Context) *asideStream {
	// The caller's deadline is kept as the context's own, so a POST that
	// gets no status in time fails as any POST does (DeadlineExceeded, a
	// post timeout), not as cancelled; the caller's cancellation is
	// passed on until the stream is handed over.
	base := context.WithoutCancel(caller)
	var ctx context.Context
	var cancel context.CancelFunc
	if d, ok := caller.Deadline(); ok {
		ctx, cancel = context.WithDeadline(base, d)
	} else {
		ctx, cancel = context.WithCancel(base)
	}
	stop := context.AfterFunc(caller, func() {
		if !errors.Is(caller.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	return &asideStream{ctx: ctx, cancel: cancel, stop: stop}
}

// end releases the context unless readAside took it over.
func (a *asideStream) end() {
	if !a.handed {
		a.stop()
		a.cancel()
	}
}

// maxAside bounds the streams read aside at once; one past it is closed
// as it opens, its HTTP record showing it was a stream.
const maxAside = 4

// readAside reads, in the background, the event stream a POST awaiting no
// answer was answered with: what it carries is recorded and handled as on
// any stream (a server request on it is answered), and it is closed after
// answeredLinger, or when the session closes.
func (t *streamable) readAside(a *asideStream, m *outgoing, resp *http.Response, gen int) {
	s := t.s
	if !a.stop() {
		// The caller gave up as the answer came: nothing to read it for.
		resp.Body.Close()
		return
	}
	if t.asides.Add(1) > maxAside {
		// A server answering every reply to its pings so would have
		// mcpscope hold a connection per ping.
		t.asides.Add(-1)
		resp.Body.Close()
		return
	}
	a.handed = true
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer t.asides.Add(-1)
		defer a.cancel()
		stopLife := context.AfterFunc(s.life, a.cancel)
		defer stopLife()
		linger := time.AfterFunc(answeredLinger, func() { resp.Body.Close() })
		defer linger.Stop()
		_ = t.readResponse(a.ctx, m, resp, gen)
	}()
}
