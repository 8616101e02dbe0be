package mcp

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// otherStreamEvents is what another request's stream would hold: its
// progress and its answer (request 99), as events i and i+1.
func otherStreamEvents(i int) []string {
	return []string{
		fmt.Sprintf("id: o%d\nretry: 0\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":99,\"progress\":%d}}\n\n", i, i),
		fmt.Sprintf("id: o%d\ndata: {\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{\"content\":[]}}\n\n", i+1),
	}
}

// resumingGETs counts the GETs f was sent with a Last-Event-ID.
func resumingGETs(f *rawStreamable) int { return len(lastEventIDs(f)) }

// lastEventIDs returns the Last-Event-IDs of f's resuming GETs, in order.
func lastEventIDs(f *rawStreamable) []string {
	var ids []string
	for _, r := range f.requests(http.MethodGet) {
		if id := r.Header.Get("Last-Event-ID"); id != "" {
			ids = append(ids, id)
		}
	}
	return ids
}

// A server that answers every resumption of a request's stream with another
// stream's events, each with an id not seen before, is not moving the
// request on: mcpscope gives up after maxResume of them in a row, saying the
// events were none of this request's, instead of resuming every 50 ms
// until the request times out.
func TestResumeThatBringsOnlyAnotherStreamsEvents(t *testing.T) {
	// A client that resumes on and on is stopped by the server, past
	// twice maxResume resumptions, not by a clock a loaded machine
	// may outrun.
	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	f := foreignResumer(cancel, nil)
	s, _ := dialRaw(t, f, Config{})
	_, err := s.CallTool(ctx, "slow", []byte(`{}`))
	want := fmt.Sprintf("the resumed streams brought %d events, none for this request", 2*maxResume)
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), want) {
		t.Fatalf("tools/call resumed with another stream's events = %v, want resume-failed saying %q", err, want)
	}
	if got := resumingGETs(f); got != maxResume {
		t.Errorf("%d resuming GETs, want %d", got, maxResume)
	}
}

// An event store that replays every stream of the session (one SDK's) sends
// another request's events beside this one's on every resumption: those
// are no reason to stop, and a request polled many more times than
// maxResume still gets its answer.
func TestResumeWithOtherStreamsBesideItsOwn(t *testing.T) {
	const polls = 3 * maxResume
	f := pollingServer(polls, func(i int) []string { return otherStreamEvents(100 + 2*i) })
	s, _ := dialRaw(t, f, Config{})
	resp, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
	if err != nil || !strings.Contains(string(resp.Result), "done") {
		t.Fatalf("tools/call resumed %d times beside another stream's events = %v, %v; want its answer", polls, resp, err)
	}
	if got := resumingGETs(f); got != polls {
		t.Errorf("%d resuming GETs, want %d", got, polls)
	}
}

// pollingServer ends a tools/call's stream after each event, as a
// 2025-11-25 server may, and has the client poll: resumption i brings
// besides(i) (when besides is not nil) and the call's progress i, until
// the one after polls of them brings the answer "done".
func pollingServer(polls int, besides func(i int) []string) *rawStreamable {
	return resumedCall(func(id string) []string { return []string{"id: e0\ndata: \n\n", progressEvent(id, 1)} },
		func(id string, i int) []string {
			i++
			var events []string
			if besides != nil {
				events = besides(i)
			}
			if i <= polls {
				return append(events, progressEvent(id, i))
			}
			return append(events, fmt.Sprintf("id: e%d\n", i)+answerEvent(id))
		})
}

// resumedCall answers a tools/call with a stream of first(the call's id)
// that ends there, and the i-th resumption of it (from 1) with resume(the
// call's id, i); a GET without Last-Event-ID is refused (405).
func resumedCall(first func(id string) []string, resume func(id string, i int) []string) *rawStreamable {
	var callID atomic.Value
	var n atomic.Int32
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		callID.Store(id)
		writeEvents(w, first(id)...)
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		writeEvents(w, resume(callID.Load().(string), int(n.Add(1)))...)
	}
	return f
}

// A server that answers every resumption with the request's own progress
// replayed (an id that came already) beside another stream's new events
// is not moving the request on either: the replayed progress counted as
// the request's, and mcpscope resumed every 50 ms until the timeout.
func TestResumeThatReplaysItsOwnBesideAnotherStreamsEvents(t *testing.T) {
	// A client that resumes on and on is stopped by the server, past
	// twice maxResume resumptions, not by a clock a loaded machine
	// may outrun.
	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	f := foreignResumer(cancel, func(id string) []string { return []string{progressEvent(id, 1)} })
	s, _ := dialRaw(t, f, Config{})
	_, err := s.CallTool(ctx, "slow", []byte(`{}`))
	if CauseOf(err) != CauseResumeFailed || !strings.Contains(err.Error(), "none for this request") {
		t.Fatalf("tools/call resumed with its own progress replayed beside another stream's events = %v, want resume-failed saying none was for it", err)
	}
	if got := resumingGETs(f); got != maxResume {
		t.Errorf("%d resuming GETs, want %d", got, maxResume)
	}
}

// foreignResumer answers a tools/call with a stream that drops after its
// progress 1, and each resumption of it with own(the call's id) (when own
// is not nil) and another stream's events, with ids not seen before; past
// twice maxResume resumptions it calls stop, ending a client that
// would resume forever.
func foreignResumer(stop func(), own func(id string) []string) *rawStreamable {
	return resumedCall(func(id string) []string { return []string{"id: e0\nretry: 0\ndata: \n\n", progressEvent(id, 1)} },
		func(id string, i int) []string {
			var events []string
			if own != nil {
				events = own(id)
			}
			if 2*i > 4*maxResume {
				stop()
			}
			return append(events, otherStreamEvents(2*i)...)
		})
}
