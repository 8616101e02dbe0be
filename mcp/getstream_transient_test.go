package mcp

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A GET stream refused 503 twice, as by a server restarting, is tried
// again at the legacy stream's pace, saying so, and the message the third
// GET carries comes: the GET stream was given up at the first 503, the
// notes saying to reconnect by hand.
func TestGetStreamTransientFailureTriedAgain(t *testing.T) {
	var gets atomic.Int32
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if gets.Add(1) <= 2 {
			http.Error(w, "restarting", http.StatusServiceUnavailable)
			return
		}
		writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"back\"}}\n\n")
		<-r.Context().Done()
	}
	s, rec := dialRaw(t, f, Config{RequestTimeout: 5 * time.Second, ReconnectDelay: 20 * time.Millisecond})
	defer s.Close()
	rec.waitFor(t, "the message of the third GET", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC != nil && strings.Contains(string(r.RPC.Raw), `"back"`)
	})
	var tries []string
	for _, r := range rec.all() {
		if r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "trying again") {
			tries = append(tries, r.State.Detail)
		}
		if r.Kind == KindError {
			t.Errorf("error record %q, want none: the GET stream came back", r.Error.Message)
		}
	}
	if len(tries) != 2 || !strings.Contains(tries[0], "503") || !strings.Contains(tries[0], "trying again in 20ms, attempt 1 of 5") || !strings.Contains(tries[1], "attempt 2 of 5") {
		t.Errorf("GET stream states %q, want two saying the 503 is tried again, attempts 1 and 2 of 5", tries)
	}
}

// A GET stream the server keeps failing (502 each time) is tried five
// more times, at mcpscope's own pace, and then given up, saying how many
// attempts; a 405 is still a server offering no GET stream, not retried.
func TestGetStreamTransientFailureGivenUp(t *testing.T) {
	for _, tc := range []struct {
		status int
		want   string
		gets   int32
	}{
		{http.StatusBadGateway, "(after 6 attempts)", 6},
		{http.StatusMethodNotAllowed, "offers no GET stream (405)", 1},
	} {
		var gets atomic.Int32
		f := &rawStreamable{}
		f.get = func(w http.ResponseWriter, r *http.Request) {
			gets.Add(1)
			w.WriteHeader(tc.status)
		}
		s, rec := dialRaw(t, f, Config{ReconnectDelay: 5 * time.Millisecond})
		r := rec.waitFor(t, "the GET stream given up", func(r Record) bool {
			return r.Kind == KindState && r.State.State == StateGetStream && r.State.Over
		})
		s.Close()
		if !strings.Contains(r.State.Detail, tc.want) || gets.Load() != tc.gets {
			t.Errorf("%d: given up saying %q after %d GETs, want it to say %q after %d", tc.status, r.State.Detail, gets.Load(), tc.want, tc.gets)
		}
	}
}

// A GET stream refused 503 with a Retry-After is tried again after the
// wait it asks for, said with the attempt, where it came at mcpscope's
// own pace, refused again before that wait was over.
func TestGetStreamHeedsRetryAfter(t *testing.T) {
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "busy", http.StatusServiceUnavailable)
	}
	s, rec := dialRaw(t, f, Config{RequestTimeout: 5 * time.Second, ReconnectDelay: 20 * time.Millisecond})
	defer s.Close()
	r := rec.waitFor(t, "the GET stream tried again", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "trying again")
	})
	if want := "trying again in 1s, attempt 1 of 5; the server's Retry-After asks to wait 1s"; !strings.HasSuffix(r.State.Detail, want) {
		t.Errorf("GET stream state %q, want it to end %q", r.State.Detail, want)
	}
}
