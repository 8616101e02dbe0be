package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A response stream that ends at once with "retry: 0" and an event id it
// never sent before, every time it is resumed, is polling as fast as the
// network allows: a new id counts as progress, so only the request's
// timeout would end it, after tens of thousands of GETs and a recording of
// hundreds of megabytes. A stream that ended as soon as it opened is
// resumed no sooner than quickBackoff, whatever its retry field says, and
// after idleBurst such polls in a row that brought no message, no sooner
// than idleWait.
func TestResumeWithRetryZeroDoesNotSpin(t *testing.T) {
	var n atomic.Int64
	f := &rawStreamable{}
	f.call = func(w http.ResponseWriter, r *http.Request, id string) {
		writeEvents(w, "id: p0\nretry: 0\ndata: \n\n")
	}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Last-Event-ID") == "" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		writeEvents(w, fmt.Sprintf("id: p%d\nretry: 0\ndata: \n\n", n.Add(1)))
	}
	const timeout = 2 * time.Second
	s, _ := dialRaw(t, f, Config{RequestTimeout: timeout})
	start := time.Now()
	if _, err := s.CallTool(testCtx(t), "poll", []byte(`{}`)); err == nil {
		t.Fatalf("tools/call on a stream that never answers succeeded")
	}
	elapsed := time.Since(start)
	// idleBurst polls, then one per idleWait, and a few more for slack.
	if limit := int64(idleBurst) + int64(elapsed/idleWait) + 3; n.Load() > limit {
		t.Errorf("%d resuming GETs in %s, want at most %d (%d, then one per %s)", n.Load(), elapsed.Round(time.Millisecond), limit, idleBurst, idleWait)
	}
	if n.Load() < 2 {
		t.Errorf("%d resuming GETs, want the stream resumed while the request waited", n.Load())
	}
}

// A nextCursor the server named before would make the listing go round
// the same pages until the page bound, each held for completion: the
// listing stops at the first repeat and says so, for every paged list.
func TestRepeatedCursorStopsTheListing(t *testing.T) {
	for _, method := range []string{"tools/list", "prompts/list"} {
		// a, b, a, b, ...: a cycle, not just the same cursor again.
		s, pages := dialPages(t, method, func(n int32) any { return []string{"a", "b"}[(n-1)%2] })
		err := listTestPages(t, s, method, true)
		if CauseOf(err) != CauseCursorLoop || !strings.Contains(err.Error(), `nextCursor "a" again`) {
			t.Errorf("%s --all over cursors a, b, a = %v, want a cursor-loop error naming the repeated cursor", method, err)
		}
		if got := pages.Load(); got != 3 {
			t.Errorf("%s --all asked for %d pages, want 3 (the third names a cursor seen before)", method, got)
		}
	}
}

// The GET stream of a server that ends it at once, every time, with
// "retry: 0" and a new event id (a poll that never brings a message) is
// reopened at the server's pace for idleBurst polls, then no sooner than
// idleWait: at its pace it would be twenty GETs a second, and as many
// records, for as long as the session lasts.
func TestGetStreamPolledWithRetryZeroSlowsDown(t *testing.T) {
	var n atomic.Int64
	f := &rawStreamable{}
	f.get = func(w http.ResponseWriter, r *http.Request) {
		writeEvents(w, fmt.Sprintf("id: g%d\nretry: 0\ndata: \n\n", n.Add(1)))
	}
	_, rec := dialRaw(t, f, Config{})
	rec.waitFor(t, "the GET stream reopened after idleWait", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "reopening in "+idleWait.String())
	})
	if got := n.Load(); got < idleBurst {
		t.Errorf("slowed down after %d GETs, want the first %d at the server's pace", got, idleBurst)
	}
}
