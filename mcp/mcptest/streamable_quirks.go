package mcptest

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// The handlers below script what real streamable servers were seen doing
// (PROTOCOL.md, "Streamable HTTP, stateful"). Each is a
// StreamableOptions.Handle (or StatelessOptions.Handle) value and answers
// everything it does not change with (*Exchange).Default. A method of ""
// means every request except initialize.

// matches reports whether a handler for method applies to x.
func (x *Exchange) matches(method string) bool {
	if x.Kind != KindRequest {
		return false
	}
	if method == "" {
		return x.Method != "initialize"
	}
	return x.Method == method
}

// AnswerWith answers requests for method with exactly this status,
// Content-Type and body: 400 text/plain or text/html, a JSON-RPC error
// body, a JSON body that is not JSON-RPC, a 200 text/plain...
func AnswerWith(method string, code int, contentType, body string) func(*Exchange) {
	return func(x *Exchange) {
		if x.matches(method) {
			x.Status(code, contentType, body)
			return
		}
		x.Default()
	}
}

// NoResponse answers requests for method with an SSE stream that ends
// without a response.
func NoResponse(method string) func(*Exchange) {
	return func(x *Exchange) {
		if x.matches(method) {
			_ = x.FlushHeaders()
			return
		}
		x.Default()
	}
}

// PingBeforeAnswer sends the server's own ping on each answer's stream
// before answering requests for method, and answers only once the client
// has POSTed its reply to the ping.
func PingBeforeAnswer(method string) func(*Exchange) {
	return func(x *Exchange) {
		if x.matches(method) {
			if _, err := x.ServerRequest(x.Context(), "ping", nil); err != nil {
				return // The session or the server has gone.
			}
		}
		x.Default()
	}
}

// SwapAnswers pairs requests for method as they arrive and answers each
// pair out of order: the first waits until the second has been answered,
// so the answers come back swapped across the two streams. The waiting
// one's SSE headers go out at once so a client sees both streams open.
func SwapAnswers(method string) func(*Exchange) {
	var mu sync.Mutex
	var first chan struct{} // closed when the second of a pair has answered
	return func(x *Exchange) {
		if !x.matches(method) {
			x.Default()
			return
		}
		mu.Lock()
		if first == nil {
			second := make(chan struct{})
			first = second
			mu.Unlock()
			if x.decided(x.defaultMode()) == modeSSE {
				_ = x.FlushHeaders()
			}
			select {
			case <-second:
			case <-x.Context().Done():
				return
			}
			x.Default()
			return
		}
		second := first
		first = nil
		mu.Unlock()
		x.Default()
		close(second)
	}
}

// CutMidResponse drops the answer's stream of requests for method before
// the response: it logs "before the cut", ends the response cleanly (after
// "retry: <ms>" when retry > 0), logs "after the cut" (kept only by an
// event store), waits for a GET with Last-Event-ID to resume the stream
// and then answers. Without an event store it answers at once after the
// cut, into the void, as a server without one does.
func CutMidResponse(method string, retry time.Duration) func(*Exchange) {
	return dropMidResponse(method, func(x *Exchange) { x.Cut(retry) })
}

// BreakMidResponse is CutMidResponse with a broken connection instead of
// a clean end: the client sees an unexpected EOF.
func BreakMidResponse(method string) func(*Exchange) {
	return dropMidResponse(method, (*Exchange).Break)
}

func dropMidResponse(method string, drop func(*Exchange)) func(*Exchange) {
	return func(x *Exchange) {
		if !x.matches(method) {
			x.Default()
			return
		}
		x.SSE()
		_ = x.Log("info", "before the cut")
		drop(x)
		_ = x.Log("info", "after the cut")
		if x.Session != nil && x.Session.log.store {
			if x.WaitResumed(x.Context()) != nil {
				return
			}
		}
		x.Default()
	}
}

// WaitResumed waits until an HTTP response carries the answer's stream
// again: a GET with Last-Event-ID resumed it after a cut.
func (x *Exchange) WaitResumed(ctx context.Context) error {
	return x.journal().waitUntil(ctx, func() bool {
		x.stream.mu.Lock()
		defer x.stream.mu.Unlock()
		return x.stream.att != nil
	})
}

// LogsOnEveryResume never answers requests for method: their stream sends
// a log notification ("still working" and a count) and ends (after "retry:
// <ms>" when retry > 0), and so does every resumption of it, each log with
// an event id not sent before. Nothing it sends moves the request on: a
// server that would be resumed until the request times out. It needs an
// event store (StoreStream) to be resumed at all.
func LogsOnEveryResume(method string, retry time.Duration) func(*Exchange) {
	return LogsOnEveryResumeThenAnswer(method, retry, 0)
}

// LogsOnEveryResumeThenAnswer is LogsOnEveryResume that answers on the
// stream of resumption n (never when n is 0): a 2025-11-25 server polled by
// its client through a long call, saying it is still working at each poll.
func LogsOnEveryResumeThenAnswer(method string, retry time.Duration, n int) func(*Exchange) {
	return func(x *Exchange) {
		if !x.matches(method) {
			x.Default()
			return
		}
		x.SSE()
		for i := 1; ; i++ {
			_ = x.Log("info", fmt.Sprintf("still working (%d)", i))
			if i-1 == n && n > 0 {
				x.Default()
				return
			}
			x.Cut(retry)
			if x.WaitResumed(x.Context()) != nil {
				return
			}
		}
	}
}
