package mcp

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// saysItsWait checks that st, a try to come, carries its wait (WaitMS),
// named in its detail as WaitWords writes it, and that the recording
// keeps it as wait_ms: a screen saying the try late had to find the wait
// in the words, and the record held none.
func saysItsWait(t *testing.T, what string, st *StateChange, want time.Duration) {
	t.Helper()
	if st.WaitFor() != want || !strings.Contains(st.Detail, " "+WaitWords(want)) {
		t.Errorf("%s: wait %s, detail %q; want a wait of %s, which the detail names", what, st.WaitFor(), st.Detail, want)
	}
	b, err := json.Marshal(st)
	if err != nil || !strings.Contains(string(b), `"wait_ms":`) {
		t.Errorf("%s recorded as %s (%v), want its wait_ms", what, b, err)
	}
}

// The GET stream's tries to open again say their wait as a field beside
// the words, the first at Config.ReconnectDelay.
func TestGetStreamTryCarriesItsWait(t *testing.T) {
	var gets atomic.Int32
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if gets.Add(1) <= 1 {
			http.Error(w, "restarting; trying again in 99s", http.StatusServiceUnavailable)
			return
		}
		<-r.Context().Done()
	}
	s, rec := dialRaw(t, f, Config{ReconnectDelay: 40 * time.Millisecond})
	defer s.Close()
	try := rec.waitFor(t, "the GET stream's try", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && r.State.Auto
	})
	saysItsWait(t, "the GET stream's try", try.State, 40*time.Millisecond)
}

// The GET stream reopened after it ended says the wait before it.
func TestGetStreamReopeningCarriesItsWait(t *testing.T) {
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		writeEvents(w, "retry: 1500\n\n")
	}
	s, rec := dialRaw(t, f, Config{})
	defer s.Close()
	again := rec.waitFor(t, "the GET stream's reopening", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "reopening in")
	})
	saysItsWait(t, "the GET stream's reopening", again.State, 1500*time.Millisecond)
}

// The 2026 listen stream's reopenings say their wait as a field.
func TestListenReopeningCarriesItsWait(t *testing.T) {
	refused := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		x.Error(-32603, "overloaded")
	})
	_, _, rec := dialStateless(t, mcptest.StatelessOptions{Handle: refused}, Config{ReconnectDelay: 60 * time.Millisecond, MaxRetry: 200 * time.Millisecond})
	again := rec.waitFor(t, "the listen stream's reopening", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateListen && r.State.Auto
	})
	saysItsWait(t, "the listen stream's reopening", again.State, 60*time.Millisecond)
}

// A legacy stream's close, reconnects to follow, says their first wait:
// the server's retry field's here.
func TestLegacyCloseCarriesItsWait(t *testing.T) {
	_, _, rec := retryThenClose(t, "400")
	closed := ownClose(t, rec)
	if closed.State.WaitFor() != 400*time.Millisecond {
		t.Errorf("the close says %q with a wait of %s, want 400ms", closed.State.Detail, closed.State.WaitFor())
	}
}
