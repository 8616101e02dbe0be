package ui

import (
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// getRetryOverYourFailure is the TUI at 240x45 on a streamable session
// whose server, once it is initialized, answers every POST 502 and the
// GET stream 500: l was pressed, its failure is on the status line, and
// then the GET stream failed, to be tried again in a minute (Negotiation
// says it).
func getRetryOverYourFailure(t *testing.T) *live {
	t.Helper()
	return getRetryOverYourFailureWith(t, func(*Options) {})
}

// getRetryOverYourFailureWith is getRetryOverYourFailure with the TUI's
// options changed by set.
func getRetryOverYourFailureWith(t *testing.T, set func(*Options)) *live {
	t.Helper()
	return getRetryOverYourFailureSaying(t, "broken", set)
}

// getRetryOverYourFailureSaying is getRetryOverYourFailureWith with the
// GET stream's 500 saying body.
func getRetryOverYourFailureSaying(t *testing.T, body string, set func(*Options)) *live {
	t.Helper()
	var down atomic.Bool
	tries := make(chan struct{})
	srv := demotest.Behind(t, demo.Options{}, func(w http.ResponseWriter, r *http.Request, gateway http.Handler) {
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/mcp":
			select {
			case <-tries:
			case <-r.Context().Done():
				return
			}
			http.Error(w, body, http.StatusInternalServerError)
		case down.Load() && r.Method == http.MethodPost:
			http.Error(w, "upstream gone", http.StatusBadGateway)
		default:
			gateway.ServeHTTP(w, r)
		}
	})
	l := startLiveWith(t, mcp.Config{URL: srv.URL + "/mcp", Transport: mcp.TransportStreamable, ReconnectDelay: time.Minute}, set)
	l.tm.Send(tea.WindowSizeMsg{Width: 240, Height: 45})
	l.waitFor("● initialized")
	down.Store(true)
	l.mark()
	l.tm.Type("l")
	l.waitText("upstream gone")
	l.mark()
	select {
	case tries <- struct{}{}:
	case <-time.After(liveWait):
		t.Fatal("the GET stream was not asked for")
	}
	l.waitText("attempt 1 of 5")
	return l
}

// What became of a request the user sent stays over the GET stream's next
// try to open again: with the server gone, l's failure stood less than a
// second before "trying again in 1s, attempt 2 of 5" replaced it.
func TestLiveGetRetryLeavesYourFailureSaid(t *testing.T) {
	m := getRetryOverYourFailure(t).quit()
	if sl := m.status.msg; sl == nil || !strings.HasPrefix(sl.text, "tools/list: ") {
		t.Fatalf("the status line after the GET stream's next try = %+v, want l's failure still said", sl)
	}
}

// The try held back is said once the user's failure has had its time: the
// line was not left blank over the wait.
func TestLiveGetRetrySaidAfterYourFailure(t *testing.T) {
	l := getRetryOverYourFailure(t)
	l.expireEvery()
	m := l.quit()
	if sl := m.status.msg; sl == nil || !strings.Contains(sl.text, "attempt 1 of 5") {
		t.Fatalf("the status line once l's failure ended = %+v, want the GET stream's try said", sl)
	}
}

// The try held back says, once said, the time left of its wait, not the
// whole of it: with the server gone, "trying again in 8s" came after l's
// failure had stood its time, when less was left.
func TestLiveGetRetrySaidLateSaysTimeLeft(t *testing.T) {
	var late atomic.Int64
	l := getRetryOverYourFailureWith(t, heldClock(&late))
	late.Store(int64(25 * time.Second))
	l.expireEvery()
	m := l.quit()
	sl := m.status.msg
	if sl == nil || !strings.Contains(sl.text, "attempt 1 of 5") {
		t.Fatalf("the status line once l's failure ended = %+v, want the GET stream's try said", sl)
	}
	if !strings.Contains(sl.text, "trying again in 35s,") {
		t.Fatalf("the try said 25 s after it was held = %q, want the 35 s left of its 60 s wait", sl.text)
	}
}

// waitLeft rounds the time left up to a second, and says "now" once the
// wait is spent; a text naming no wait, or a try of a recording older than
// the wait's field, is left as it is. The wait is the state's, not what
// words read like one say: a server's own "trying again in 8s" quoted in
// the error is left as the server wrote it.
func TestWaitLeft(t *testing.T) {
	for _, c := range []struct {
		text       string
		wait, late time.Duration
		want       string
	}{
		{"x; trying again in 8s, attempt 2 of 5", 8 * time.Second, 5500 * time.Millisecond, "x; trying again in 3s, attempt 2 of 5"},
		{"x; reopening in 90s, attempt 1 of 5", 90 * time.Second, 30 * time.Second, "x; reopening in 60s, attempt 1 of 5"},
		{"x; trying again in 8s, attempt 2 of 5", 8 * time.Second, 9 * time.Second, "x; trying again now, attempt 2 of 5"},
		{"x; trying again in 8s", 8 * time.Second, 0, "x; trying again in 8s"},
		{"x; trying again in 8s", 0, time.Second, "x; trying again in 8s"},
		{"(500: trying again in 8s); trying again in 8s, attempt 1 of 5", 8 * time.Second, 2 * time.Second, "(500: trying again in 8s); trying again in 6s, attempt 1 of 5"},
		{"(no answer within 8s); trying again in 4s", 4 * time.Second, time.Second, "(no answer within 8s); trying again in 3s"},
		{"given up", time.Second, time.Second, "given up"},
	} {
		if got := waitLeft(c.text, c.wait, c.late); got != c.want {
			t.Errorf("waitLeft(%q, %s, %s) = %q, want %q", c.text, c.wait, c.late, got, c.want)
		}
	}
}

// The try said late takes the time left from its wait, not from words
// that read like one: a server whose error said "trying again in 90s"
// had its own words rewritten to "in 65s", and the try's real wait of a
// minute said whole.
func TestLiveGetRetrySaidLateLeavesTheServersWords(t *testing.T) {
	var late atomic.Int64
	l := getRetryOverYourFailureSaying(t, "upstream: trying again in 90s", heldClock(&late))
	late.Store(int64(25 * time.Second))
	l.expireEvery()
	m := l.quit()
	sl := m.status.msg
	if sl == nil || !strings.Contains(sl.text, "attempt 1 of 5") {
		t.Fatalf("the status line once l's failure ended = %+v, want the GET stream's try said", sl)
	}
	if !strings.Contains(sl.text, "upstream: trying again in 90s") || !strings.Contains(sl.text, "; trying again in 35s,") {
		t.Fatalf("the try said 25 s after it was held = %q, want the server's words as it wrote them and the 35 s left of the 60 s wait", sl.text)
	}
}

// heldClock sets the TUI's clock to one standing still where the test
// began, moved on by late alone: the time left of a held try is then its
// wait less late exactly. On the real clock, a loaded machine that took
// a second between holding the try and saying it read 34 s for 35.
func heldClock(late *atomic.Int64) func(*Options) {
	start := time.Now()
	return func(o *Options) {
		o.Now = func() time.Time { return start.Add(time.Duration(late.Load())) }
	}
}
