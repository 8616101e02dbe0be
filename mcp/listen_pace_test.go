package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// listenStates are the listen stream's states so far, gave-up or not.
func listenStates(rec *recorded) []string {
	var details []string
	for _, r := range rec.all() {
		if r.Kind == KindState && r.State.State == StateListen && (r.State.Over || strings.Contains(r.State.Detail, "reopening in")) {
			details = append(details, r.State.Detail)
		}
	}
	return details
}

// A listen stream whose server asks, in a retry field, to wait before it
// is opened again is reopened after that wait, as the GET and legacy
// streams are, and the state says it was the server's asking: the listen
// loop had its own pace and reopened it after 1s whatever was asked.
func TestListenHonoursServersRetry(t *testing.T) {
	cut := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{})
		x.Cut(2500 * time.Millisecond)
	})
	_, _, rec := dialStateless(t, mcptest.StatelessOptions{Handle: cut}, Config{})
	got := rec.waitFor(t, "the listen stream's reopening", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateListen && strings.Contains(r.State.Detail, "reopening in")
	})
	want := "reopening in 2.5s, attempt 1 of 5; the server's retry field asks to wait 2.5s"
	if !strings.HasSuffix(got.State.Detail, want) {
		t.Errorf("listen state %q, want it to end %q", got.State.Detail, want)
	}
	if n := strings.Count(got.State.Detail, "listen stream"); n != 1 {
		t.Errorf("listen state %q names the listen stream %d times, want once", got.State.Detail, n)
	}
}

// A listen stream refused every time is reopened at the shared pace:
// from Config.ReconnectDelay, doubling, held to Config.MaxRetry, and
// given up after autoReconnects failures in a row, where it waited 1s,
// doubling to a fixed 30s, and tried 8 times whatever was configured.
func TestListenRefusedPacedAsEveryStream(t *testing.T) {
	refused := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		x.Error(-32603, "overloaded")
	})
	srv, _, rec := dialStateless(t, mcptest.StatelessOptions{Handle: refused}, Config{ReconnectDelay: 60 * time.Millisecond, MaxRetry: 200 * time.Millisecond})
	end := rec.waitFor(t, "the listen stream given up", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateListen && r.State.Over
	})
	if want := "the listen stream kept failing: mcpscope stopped reopening it after 5 attempts (the last: the server refused subscriptions/listen: JSON-RPC error -32603: overloaded)"; !strings.Contains(end.State.Detail, want) {
		t.Errorf("final listen state %q, want it to say %q", end.State.Detail, want)
	}
	details := listenStates(rec)
	waits := []string{"60ms", "120ms", "200ms", "200ms", "200ms"}
	if len(details) != len(waits)+1 {
		t.Fatalf("listen states %q, want %d reopenings and the end", details, len(waits))
	}
	for i, w := range waits {
		if want := "reopening in " + w + ", attempt " + string(rune('1'+i)) + " of 5"; !strings.Contains(details[i], want) {
			t.Errorf("listen state %d %q, want %q", i+1, details[i], want)
		}
	}
	if n := requestsOf(srv.Requests(), "subscriptions/listen"); n != 6 {
		t.Errorf("the server got %d subscriptions/listen, want 6", n)
	}
}

// A listen stream refused by a rate limit (429, 503) is reopened after
// the wait its Retry-After asks for, held to the cap, and the state says
// so: it was reopened at mcpscope's own pace, each attempt refused again
// before the wait the server asked for was over.
func TestListenHeedsARefusalsRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		name, retryAfter string
		status           int
		want             string
	}{
		{"seconds", "1", 429, "reopening in 1s, attempt 1 of 5; the server's Retry-After asks to wait 1s"},
		{"capped", "3600", 503, "reopening in 200ms, attempt 1 of 5; the server's Retry-After asks to wait 3600s: waiting 200ms (mcpscope's cap)"},
		{"a date by the server's clock", "Sat, 28 Nov 2026 12:00:01 GMT", 429, "reopening in 1s, attempt 1 of 5; the server's Retry-After asks to wait 1s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			limited := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
				x.Header().Set("Retry-After", tc.retryAfter)
				x.Header().Set("Date", "Sat, 28 Nov 2026 12:00:00 GMT")
				x.Status(tc.status, "text/plain", "slow down")
			})
			maxRetry := 5 * time.Second
			if tc.name == "capped" {
				maxRetry = 200 * time.Millisecond
			}
			_, _, rec := dialStateless(t, mcptest.StatelessOptions{Handle: limited}, Config{ReconnectDelay: 60 * time.Millisecond, MaxRetry: maxRetry})
			got := rec.waitFor(t, "the listen stream's reopening", func(r Record) bool {
				return r.Kind == KindState && r.State.State == StateListen && strings.Contains(r.State.Detail, "reopening in")
			})
			if !strings.HasSuffix(got.State.Detail, tc.want) {
				t.Errorf("listen state %q, want it to end %q", got.State.Detail, tc.want)
			}
		})
	}
}
