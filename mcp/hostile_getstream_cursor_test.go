package mcp

import (
	"net/http"
	"sync/atomic"
	"testing"
	"time"
)

// getLog is a log on the GET stream, with event id id ("" for an empty id
// field).
func getLog(id string) string {
	return "retry: 5\nid:" + id + "\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"on the GET stream\"}}\n\n"
}

// reopenedGETStream serves f's GET stream as opened (stream 0) and then
// reopened (1 up to streams-1), stream i ended after events(i); the first
// is held until start is closed. It returns the Last-Event-ID the GET after
// them carries, which is held open.
func reopenedGETStream(f *rawStreamable, streams int, events func(i int) []string, start <-chan struct{}) <-chan string {
	var n atomic.Int32
	next := make(chan string, 1)
	f.get = func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		if i >= streams {
			if i == streams {
				next <- r.Header.Get("Last-Event-ID")
			}
			writeEvents(w, ": ok\n\n")
			<-r.Context().Done()
			return
		}
		if i == 0 {
			// Answered at once: the handshake waits for it.
			writeEvents(w, ": ok\n\n")
			select {
			case <-start:
			case <-r.Context().Done():
				return
			}
		}
		writeEvents(w, events(i)...)
	}
	return next
}

// lastEventIDOf waits (bounded) for the Last-Event-ID next reports.
func lastEventIDOf(t *testing.T, next <-chan string) string {
	t.Helper()
	select {
	case id := <-next:
		return id
	case <-time.After(10 * time.Second):
		t.Fatal("the GET stream was not reopened within 10s")
		return ""
	}
}

// A store that replays every stream of the session brings, on the reopened
// GET stream, a tools/call's progress that came on its response stream: its
// id is that stream's cursor, and the GET stream is reopened from its own
// last event, where it was reopened from the call's.
func TestGETStreamNotReopenedFromAnotherStreamsEvent(t *testing.T) {
	var callID atomic.Value
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		callID.Store(id)
		writeEvents(w, progressEvent(id, 1), answerEvent(id))
	}
	called := make(chan struct{})
	// The second stream, the replay, is the call's progress again.
	next := reopenedGETStream(f, 2, func(i int) []string {
		if i == 0 {
			return []string{getLog(" g1")}
		}
		return []string{progressEvent(callID.Load().(string), 1)}
	}, called)
	s, _ := dialRaw(t, f, Config{})
	if _, err := s.CallTool(testCtx(t), "slow", []byte(`{}`)); err != nil {
		t.Fatalf("tools/call = %v", err)
	}
	close(called)
	if got := lastEventIDOf(t, next); got != "g1" {
		t.Errorf("the GET stream was reopened with Last-Event-ID %q, want g1: e1 is the call's stream's", got)
	}
}

// An empty id field resets the last event id (WHATWG HTML): a GET stream
// whose last id field is empty is reopened without Last-Event-ID, even
// where an empty id came before the id it resets.
func TestGETStreamReopenedAfterAnEmptyIDSendsNone(t *testing.T) {
	start := make(chan struct{})
	close(start)
	f := &rawStreamable{}
	next := reopenedGETStream(f, 1, func(int) []string { return []string{getLog(""), getLog(" g1"), getLog("")} }, start)
	dialRaw(t, f, Config{})
	if got := lastEventIDOf(t, next); got != "" {
		t.Errorf("the GET stream was reopened with Last-Event-ID %q after an empty id field, want none", got)
	}
}
