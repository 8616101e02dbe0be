package mcp

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A stream that drops with "retry: 3600000" (an hour) is resumed after
// mcpscope's cap, 30s: the resuming record says so as the wait starts,
// naming the hour the server asked for, or a person watching sees
// mcpscope idle for half a minute with no reason given.
func TestRetryPastTheCapSaidAsTheWaitStarts(t *testing.T) {
	r, _ := cancelledWhileResuming(t)
	want := "the server asked to wait 3600000 ms (1h) before resuming; waiting 30s (mcpscope's cap)"
	if !strings.Contains(r.State.Detail, want) {
		t.Errorf("resuming record = %q, want it to say %q", r.State.Detail, want)
	}
}

// A request that times out on the stream resumed after a capped wait says
// the wait was the server's asking.
func TestRetryPastTheCapNamedInTheTimeout(t *testing.T) {
	e := &TimeoutError{Method: "tools/call", ID: "2", After: "60s", Accepted: true, ResumedAfter: "h1", ResumeAsked: retryAsked("3600000", maxRetry)}
	want := "the server asked to wait 3600000 ms (1h) before resuming, and mcpscope waited 30s (its cap)"
	if !strings.Contains(e.Error(), want) {
		t.Errorf("timeout = %q, want it to say %q", e.Error(), want)
	}
	if got := UnsayCappedWait(e.Error(), retryAsked("3600000", maxRetry)); strings.Contains(got, "asked to wait") || !strings.Contains(got, "resumed after event") {
		t.Errorf("unsaid = %q, want the timeout without the capped wait", got)
	}
	for field, want := range map[string]string{"30000": "", "30001": "30001 ms (30s)", "5400000": "5400000 ms (1h30m)", "99999999999999999999999": "99999999999999999999999 ms", "x": ""} {
		if got := retryAsked(field, maxRetry); got != want {
			t.Errorf("retryAsked(%q) = %q, want %q", field, got, want)
		}
	}
}

// The GET stream for server messages that ends with "retry: 3600000" is
// reopened after the cap, and the state that says so names the hour the
// server asked for, in the words a POST's answer stream uses: the
// Negotiation pane read "reopening in 30s" with no reason for the wait.
func TestRetryPastTheCapSaidForTheGetStream(t *testing.T) {
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		writeEvents(w, "id: g1\nretry: 3600000\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"hello\"}}\n\n")
	}
	s, rec := dialRaw(t, f, Config{RequestTimeout: time.Minute})
	r := rec.waitFor(t, "the GET stream's reopening state", func(r Record) bool {
		return r.Kind == KindState && r.State != nil && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "reopening in")
	})
	s.Close()
	want := "reopening in 30s: " + cappedWaiting("3600000 ms (1h)", maxRetry)
	if !strings.Contains(r.State.Detail, want) {
		t.Errorf("GET stream state = %q, want it to say %q", r.State.Detail, want)
	}
}

// A request cancelled while its dropped stream waits 30s to be resumed
// says the stream was not resumed: "resuming in 30s" stayed the newest
// word of it, in Negotiation's Resume list, for a request long cancelled.
func TestRequestCancelledWhileItsStreamWaitsSaysNotResumed(t *testing.T) {
	_, rec := cancelledWhileResuming(t)
	r := rec.waitFor(t, "the not-resumed record", func(r Record) bool {
		return r.Kind == KindState && r.State != nil && r.State.State == StateNotResumed
	})
	if want := "not resumed: the request ended while its stream waited to be resumed"; !strings.Contains(r.State.Detail, want) || !strings.Contains(r.State.Detail, "tools/call") {
		t.Errorf("not-resumed record = %q, want it to name the request and say %q", r.State.Detail, want)
	}
}

// cancelledWhileResuming calls a tool whose answer stream drops after an
// event with an id and "retry: 3600000", and cancels the call once the
// resuming record (returned) is out, as the 30s wait begins.
func cancelledWhileResuming(t *testing.T) (Record, *recorded) {
	t.Helper()
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "id: h1\nretry: 3600000\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"before\"}}\n\n")
	}
	s, rec := dialRaw(t, f, Config{RequestTimeout: time.Minute})
	ctx, cancel := context.WithCancel(testCtx(t))
	done := make(chan error, 1)
	go func() {
		_, err := s.CallTool(ctx, "slow", []byte(`{}`))
		done <- err
	}()
	r := rec.waitFor(t, "the resuming record", func(r Record) bool {
		return r.Kind == KindState && r.State != nil && r.State.State == StateResuming
	})
	cancel()
	<-done
	return r, rec
}

// A stream whose resuming GET is refused says it was not resumed, and why,
// where "resuming in …" stayed the newest word of it beside the request's
// failure.
func TestStreamWhoseResumeIsRefusedSaysNotResumed(t *testing.T) {
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "id: h1\nretry: 10\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"before\"}}\n\n")
	}
	s, rec := dialRaw(t, f, Config{RequestTimeout: time.Minute})
	if _, err := s.CallTool(testCtx(t), "slow", []byte(`{}`)); CauseOf(err) != CauseResumeFailed {
		t.Errorf("tools/call = %v (cause %q), want its resume to fail", err, CauseOf(err))
	}
	r := rec.waitFor(t, "the not-resumed record", func(r Record) bool {
		return r.Kind == KindState && r.State != nil && r.State.State == StateNotResumed
	})
	if want := "not resumed: the GET resuming it failed"; !strings.Contains(r.State.Detail, want) {
		t.Errorf("not-resumed record = %q, want it to say %q", r.State.Detail, want)
	}
}
