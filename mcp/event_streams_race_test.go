package mcp

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// A store that replays every stream of the session may bring a request's
// progress on the resumed GET stream before mcpscope has read it on the
// request's own stream: which reader gets to an event first is a race. An
// event on a stream that resumed nothing is that stream's own whenever it
// comes, so the request is resumed from it; taken as the GET stream's, the
// request's stream was not resumed ("its only events with ids were not
// this request's") and its answer was lost.
func TestResponseStreamsEventReplayedFirstOnTheGETStream(t *testing.T) {
	var callID atomic.Value
	posted, replayed := make(chan struct{}), make(chan struct{})
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		callID.Store(id)
		writeEvents(w, ": working\n\n")
		close(posted)
		select {
		case <-replayed:
		case <-r.Context().Done():
			return
		}
		writeEvents(w, progressEvent(id, 1)) // and ends before the answer
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		switch r.Header.Get("Last-Event-ID") {
		case "":
			writeEvents(w, getLog(" g1"))
		case "e1":
			writeEvents(w, answerEvent(callID.Load().(string)))
		default:
			// The GET stream reopened: the store replays the call's
			// progress, and the stream stays open.
			select {
			case <-posted:
			case <-r.Context().Done():
				return
			}
			writeEvents(w, progressEvent(callID.Load().(string), 1))
			<-r.Context().Done()
		}
	}
	s, rec := dialRaw(t, f, Config{})
	type result struct {
		resp *Response
		err  error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := s.CallTool(testCtx(t), "slow", []byte(`{}`))
		done <- result{resp, err}
	}()
	rec.waitFor(t, "the call's progress replayed on the GET stream", func(r Record) bool {
		return r.Kind == KindEvent && r.Event.Stream == StreamGet && r.Event.ID == "e1"
	})
	close(replayed)
	got := <-done
	if got.err != nil || !strings.Contains(string(got.resp.Result), "done") {
		t.Fatalf("tools/call whose progress came first replayed on the GET stream = %v, %v; want its answer, resumed from e1", got.resp, got.err)
	}
}
