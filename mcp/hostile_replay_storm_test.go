package mcp

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// A GET stream that, every time it is opened, sends the same message event
// and ends at once with "retry: 0" brings nothing new after the first time:
// it is not reopened at the server's pace for as long as the session lasts
// (twenty GETs a second, each a handful of records), but stops like any
// stream that ends at once with nothing said, and the state says why. It
// stops whether the event has an id, replayed for Last-Event-ID, or none.
func TestGetStreamSendingTheSameEventForeverStops(t *testing.T) {
	const message = "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"same\"}}\n\n"
	for _, tc := range []struct {
		name, event string
		detail      string // what the state says besides "stopped reopening"
	}{
		{"replayed for Last-Event-ID", "id: g1\nretry: 0\n" + message, ""},
		{"with no event id", "retry: 0\n" + message, "the same messages as the time before"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var n atomic.Int64
			f := &rawStreamable{}
			f.get = func(w http.ResponseWriter, r *http.Request) {
				n.Add(1)
				writeEvents(w, tc.event)
			}
			_, rec := dialRaw(t, f, Config{})
			rec.waitFor(t, "the GET stream no longer reopened, saying why", func(r Record) bool {
				return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "stopped reopening") &&
					strings.Contains(r.State.Detail, tc.detail)
			})
			if got := n.Load(); got > maxResume+2 {
				t.Errorf("the GET stream was opened %d times before it stopped, want at most %d", got, maxResume+2)
			}
		})
	}
}
