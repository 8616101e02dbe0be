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
