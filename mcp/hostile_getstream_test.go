package mcp

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A GET stream that ends after events with ids is reopened with
// Last-Event-ID; a server without an event store refuses that with 400
// "stream replay unsupported", and the stream is reopened without it
// instead of being lost for the rest of the session.
func TestGetStreamReplayRefused(t *testing.T) {
	f := &rawStreamable{}
	var gets atomic.Int32
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") != "" {
			http.Error(w, "stream replay unsupported", http.StatusBadRequest)
			return
		}
		n := gets.Add(1)
		writeEvents(w, fmt.Sprintf("retry: 5\nid: g%d\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"stream %d\"}}\n\n", n, n))
		if n > 1 {
			<-r.Context().Done()
		}
	}
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "a message on the reopened GET stream", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "stream 2")
	})
	for _, r := range rec.of(KindError) {
		t.Errorf("error record: %+v", r.Error)
	}
}

// A GET stream waiting to be reopened when the session expires is not
// reopened, and its last state says it closed with the session instead of
// still "reopening in 30s".
func TestGetStreamClosesWithAnExpiredSession(t *testing.T) {
	var gone atomic.Bool
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		writeEvents(w, "retry: 60000\n\n")
	}
	f.post = func(w http.ResponseWriter, r *http.Request) bool {
		if gone.Load() {
			http.Error(w, "session not found", http.StatusNotFound)
			return true
		}
		return false
	}
	s, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET stream waiting to reopen", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "reopening in 30s")
	})
	gone.Store(true)
	if _, err := s.Request(testCtx(t), "ping", nil); CauseOf(err) != CauseSessionExpired {
		t.Fatalf("ping = %v, want session-expired", err)
	}
	rec.waitFor(t, "the GET stream closed with the session", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "expired")
	})
	if n := len(f.requests(http.MethodGet)); n != 1 {
		t.Errorf("%d GETs, want 1: the stream of an expired session was reopened", n)
	}
}

// A GET stream whose server sends nothing, not even its status line, until
// it has a message is shown as requested and waiting, not as no GET at all.
func TestGetStreamThatSendsNothingIsShown(t *testing.T) {
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET shown as requested", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "no answer yet")
	})
}

// A GET stream that broke is reopened; a server that has not yet seen the
// old one end answers 409 (one stream per session) for a moment. That is
// tried again, not taken as the end of the GET stream for the session.
func TestGetStreamReopenedPastA409(t *testing.T) {
	var gets atomic.Int32
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		switch gets.Add(1) {
		case 1:
			writeEvents(w, "retry: 5\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"first\"}}\n\n")
			panic(http.ErrAbortHandler)
		case 2:
			http.Error(w, "Conflict: Only one SSE stream is allowed per session", http.StatusConflict)
		default:
			writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"second\"}}\n\n")
			<-r.Context().Done()
		}
	}
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "a message on the GET stream reopened past the 409", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "second")
	})
}

// A 2025-11-25 server may poll the GET stream: each GET gets a priming
// event (a new id, no data) and its retry, and ends. That is not a stream
// that ends as soon as it opens with nothing said: it is reopened for as
// long as the server goes on, and what it sends later arrives. The same id
// every time is nothing new.
func TestGetStreamPolledWithPrimingEvents(t *testing.T) {
	const polls = 3 * maxResume
	var gets atomic.Int32
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		n := gets.Add(1)
		if n < polls {
			writeEvents(w, fmt.Sprintf("id: p%d\nretry: 1\ndata: \n\n", n))
			return
		}
		writeEvents(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"polled\"}}\n\n")
		<-r.Context().Done()
	}
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the message after the polls", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "polled")
	})

	f = &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) { writeEvents(w, "id: same\nretry: 1\ndata: \n\n") }
	_, rec = dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET stream given up", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "stopped reopening")
	})
}

// A GET stream that lasts and then is cut (a proxy closing idle streams
// every minute) is reopened after the same short wait every time: the
// wait doubles only for streams that end soon after they open.
func TestGetStreamThatLastedIsReopenedSoon(t *testing.T) {
	var mu sync.Mutex
	clock := time.Now()
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(longStream) // every stream lasts long enough
		return clock
	}
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) { writeEvents(w, ": ok\n\n") }
	_, rec := dialRaw(t, f, Config{Now: now})
	reopens := func() []string {
		var waits []string
		for _, r := range rec.all() {
			if r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "reopening in") {
				waits = append(waits, r.State.Detail[strings.LastIndex(r.State.Detail, " ")+1:])
			}
		}
		return waits
	}
	rec.waitFor(t, "the GET stream reopened twice", func(Record) bool { return len(reopens()) >= 2 })
	waits := reopens()
	if waits[0] != defaultRetry.String() || waits[1] != defaultRetry.String() {
		t.Errorf("reopened after %v, want %s each time", waits, defaultRetry)
	}
}

// A GET stream reopened with Last-Event-ID on a store that replays from
// the start sends again a ping answered already: it is shown as received
// again and not answered a second time.
func TestGetStreamReplayIsNotAnsweredAgain(t *testing.T) {
	ping := "id: g1\nretry: 5\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"sp\",\"method\":\"ping\"}\n\n"
	var replies atomic.Int32
	f := &rawStreamable{}
	f.post = func(w http.ResponseWriter, r *http.Request) bool {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(strings.NewReader(string(b)))
		if strings.Contains(string(b), `"sp"`) {
			replies.Add(1)
		}
		return false
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			writeEvents(w, ping)
			return
		}
		writeEvents(w, ping, "id: g2\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"live\"}}\n\n")
		<-r.Context().Done()
	}
	s, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the live message after the replay", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "live")
	})
	s.Close()
	rec.waitEnd(t)
	var again int
	for _, r := range rec.all() {
		if r.Kind == KindReceived && r.RPC.Method == "ping" && r.RPC.Class == ClassDuplicate {
			again++
		}
	}
	if n := replies.Load(); n != 1 || again != 1 {
		t.Errorf("%d replies to the ping and %d records of it received again, want 1 and 1", n, again)
	}
}

// A GET stream whose last event repeats an id it sent already (the server
// going back) is reopened from the last id that came for the first time:
// resuming from the repeated one would have the server replay from further
// back again.
func TestGetStreamReopenedFromItsLastNewEvent(t *testing.T) {
	log := func(id, text string) string {
		return "id: " + id + "\nretry: 5\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"" + text + "\"}}\n\n"
	}
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			writeEvents(w, log("g1", "one"), log("g2", "two"), log("g1", "one"))
			return
		}
		writeEvents(w, log("g3", "live"))
		<-r.Context().Done()
	}
	s, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the live message after the reopen", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "live")
	})
	s.Close()
	rec.waitEnd(t)
	var sent []string
	for _, r := range rec.of(KindHTTP) {
		if last := http.Header(r.HTTP.RequestHeaders).Get("Last-Event-ID"); last != "" {
			sent = append(sent, last)
		}
	}
	if len(sent) != 1 || sent[0] != "g2" {
		t.Errorf("the GET stream was reopened with Last-Event-ID %q, want [g2]", sent)
	}
}
