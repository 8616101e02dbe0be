package mcp

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// A GET stream that, reopened with Last-Event-ID, replays the same message
// event and ends at once, every time, with "retry: 0", brings nothing new:
// it is not reopened at the server's pace for as long as the session lasts
// (twenty GETs a second, each a handful of records), but stops like any
// stream that ends at once with nothing said.
func TestGetStreamReplayingTheSameEventForeverStops(t *testing.T) {
	var n atomic.Int64
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		writeEvents(w, "id: g1\nretry: 0\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"same\"}}\n\n")
	}
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET stream no longer reopened", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "stopped reopening")
	})
	got := n.Load()
	if got > maxResume+2 {
		t.Errorf("the GET stream was opened %d times before it stopped, want at most %d", got, maxResume+2)
	}
}

// A GET stream that sends the same message, with no event id, every time it
// is opened, and ends at once with "retry: 0", says nothing new after the
// first time: it stops being reopened, and the state says why, instead of
// twenty GETs a second for as long as the session lasts.
func TestGetStreamRepeatingTheSameMessageStops(t *testing.T) {
	var n atomic.Int64
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		writeEvents(w, "retry: 0\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"same\"}}\n\n")
	}
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET stream no longer reopened, saying why", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "stopped reopening") &&
			strings.Contains(r.State.Detail, "the same messages as the time before")
	})
	if got := n.Load(); got > maxResume+2 {
		t.Errorf("the GET stream was opened %d times before it stopped, want at most %d", got, maxResume+2)
	}
}
