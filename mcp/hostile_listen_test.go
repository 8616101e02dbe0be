package mcp

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that refuses subscriptions/listen with a JSON-RPC error is not
// asked again and again: the state says why, once. One that answers it
// with a result (no acknowledgement before it) is said to have done so,
// and is not asked again either: it answers the same every time, and the
// TUI showed five more listen rows reading "✓ ok".
func TestListenRefusedOrAnsweredAtOnce(t *testing.T) {
	refused := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		x.Error(CodeMethodNotFound, "no listen here")
	})
	srv, _, rec := dialStateless(t, mcptest.StatelessOptions{Handle: refused}, Config{})
	rec.waitFor(t, "the listen state saying it is not reopened", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateListen && strings.Contains(r.State.Detail, "no listen here; not reopened")
	})
	if n := requestsOf(srv.Requests(), "subscriptions/listen"); n != 1 {
		t.Errorf("the server got %d subscriptions/listen, want 1", n)
	}

	// A refusal that may pass (an internal error) is asked again.
	var once sync.Once
	flaky := func(x *mcptest.Exchange) {
		if x.Method == "subscriptions/listen" {
			failed := false
			once.Do(func() { failed = true })
			if failed {
				x.Error(-32603, "overloaded")
				return
			}
		}
		x.Default()
	}
	_, _, rec = dialStateless(t, mcptest.StatelessOptions{Handle: flaky}, Config{})
	rec.waitFor(t, "the listen stream reopened after an internal error", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Method == "notifications/subscriptions/acknowledged"
	})

	answered := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		x.JSON()
		x.Result(map[string]any{})
	})
	_, _, rec = dialStateless(t, mcptest.StatelessOptions{Handle: answered}, Config{})
	rec.waitFor(t, "the listen state saying it was answered", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateListen && r.State.Over && strings.Contains(r.State.Detail, "with a result instead of keeping its stream open; not reopened")
	})
	listens := 0
	for _, r := range rec.all() {
		if r.Kind == KindSent && r.RPC.Method == ListenMethod {
			listens++
		}
	}
	if listens != 1 {
		t.Errorf("%d listen requests for a server that answers every one with a result, want 1", listens)
	}
}

// A listen stream that a server (or a serverless platform in front of it)
// ends after a few seconds, every time, was served, not refused: it is
// reopened after the first delay each time, not after a delay that grows
// to 30s until the attempts are given up.
func TestListenCutAfterItWasServedIsReopenedSoon(t *testing.T) {
	cut := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{})
		select { // the platform's limit on a request's life
		case <-time.After(1200 * time.Millisecond):
		case <-x.Context().Done():
		}
	})
	_, _, rec := dialStateless(t, mcptest.StatelessOptions{Handle: cut}, Config{})
	reopening := func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateListen && strings.Contains(r.State.Detail, "reopening in")
	}
	rec.waitFor(t, "the second cut stream's reopening", func(Record) bool {
		n := 0
		for _, r := range rec.all() {
			if reopening(r) {
				n++
			}
		}
		return n >= 2
	})
	var details []string
	for _, r := range rec.all() {
		if reopening(r) {
			details = append(details, r.State.Detail)
		}
	}
	if !strings.Contains(details[1], "reopening in 1s") {
		t.Errorf("after a second stream that was served: %q, want it reopened after 1s again", details)
	}
	// Routine, not a try after a failure: a screen warned of each, every
	// few seconds, over a server that was well.
	for _, r := range rec.all() {
		if reopening(r) && r.State.Auto {
			t.Errorf("the reopening after a served stream is marked auto: %q", r.State.Detail)
		}
	}
}

// A server that refuses every listen, slowly (a second or more, as an
// overloaded one may), did not serve it: the delay before asking again
// grows as after any failure, rather than starting over each time as for
// a stream that was open.
func TestListenRefusedSlowlyBacksOff(t *testing.T) {
	slow := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		select {
		case <-time.After(1200 * time.Millisecond):
		case <-x.Context().Done():
			return
		}
		x.Error(-32603, "overloaded")
	})
	_, _, rec := dialStateless(t, mcptest.StatelessOptions{Handle: slow}, Config{})
	details := twoReopenings(t, rec, "the second slow refusal's reopening")
	if !strings.Contains(details[1], "reopening in 2s") {
		t.Errorf("after a second slow refusal: %q, want the delay doubled to 2s", details)
	}
	for _, r := range rec.all() {
		if r.Kind == KindState && r.State.State == StateListen && strings.Contains(r.State.Detail, "reopening in") && !r.State.Auto {
			t.Errorf("a reopening after a refusal is not marked auto: %q", r.State.Detail)
		}
	}
}

// A listen stream the server never acknowledged (it acknowledged a
// subscription that is not ours, then kept the stream open a while) was
// counted as served for staying open a second: it was reopened every few
// seconds for good, a listen row each time. It served nothing: the delay
// grows as after any failure, until the attempts are given up, and its
// end says no acknowledgement came.
func TestListenAcknowledgedForAnotherIsNoServedStream(t *testing.T) {
	foreign := mcptest.HandleMethod("subscriptions/listen", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.Notify("notifications/subscriptions/acknowledged", map[string]any{"_meta": map[string]any{"io.modelcontextprotocol/subscriptionId": "someone-else"}})
		select {
		case <-time.After(1200 * time.Millisecond):
		case <-x.Context().Done():
		}
	})
	_, _, rec := dialStateless(t, mcptest.StatelessOptions{Handle: foreign}, Config{})
	details := twoReopenings(t, rec, "the second unacknowledged stream's reopening")
	if !strings.Contains(details[1], "reopening in 2s, attempt 2 of 5") {
		t.Errorf("after a second stream the server never acknowledged: %q, want the delay doubled to 2s, attempt 2", details)
	}
	if !strings.Contains(details[0], "; the server had not acknowledged it (no notifications/subscriptions/acknowledged for it came)") {
		t.Errorf("the stream's end %q does not say the server never acknowledged it", details[0])
	}
}

// twoReopenings waits until the listen stream was reopened twice, what
// saying what is waited for, and returns what each reopening said.
func twoReopenings(t *testing.T, rec *recorded, what string) []string {
	t.Helper()
	var details []string
	rec.waitFor(t, what, func(Record) bool {
		details = details[:0]
		for _, r := range rec.all() {
			if r.Kind == KindState && r.State.State == StateListen && strings.Contains(r.State.Detail, "reopening in") {
				details = append(details, r.State.Detail)
			}
		}
		return len(details) >= 2
	})
	return details
}
