package mcp

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A legacy server that greets every session with the same message and
// ends its stream at once brings nothing new after the first time: the
// greeting counted as the stream saying something, so it was reconnected
// to twice a second for as long as mcpscope ran, a new session each time.
// It stops like any stream that ends as soon as it opens, and the state
// says why.
func TestLegacyStreamGreetingTheSameEachTimeStopsReconnecting(t *testing.T) {
	const greeting = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"welcome"}}`
	reconnectsStop(t, "the same messages as the time before", maxResume+2, greeting)
}

// reconnectsStop has a legacy fake greet each stream with greetings in
// turn and end it, and waits for mcpscope to stop reconnecting on its own
// saying it had the messages of a stream before (want), after at most
// most streams.
func reconnectsStop(t *testing.T, want string, most int, greetings ...string) {
	t.Helper()
	srv := mcptest.New(t, mcptest.Options{})
	srv.GreetEachAndClose(greetings...)
	_, rec := connect(t, Config{URL: srv.URL, Transport: TransportSSE, Reconnect: true, ReconnectDelay: 10 * time.Millisecond})
	waitStopped(t, rec, srv, want, most)
}

// waitStopped waits for mcpscope to stop reconnecting to srv on its own,
// saying want, after at most most streams.
func waitStopped(t *testing.T, rec *recorded, srv *mcptest.Server, want string, most int) {
	t.Helper()
	rec.waitFor(t, "the reconnects given up, saying why", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateClosed && strings.Contains(r.State.Detail, "stopped reconnecting") &&
			strings.Contains(r.State.Detail, want)
	})
	if n := len(srv.Conns()); n > most {
		t.Errorf("the server saw %d streams before the reconnects stopped, want at most %d", n, most)
	}
}

// A legacy server that greets its sessions with two messages in turn
// brings nothing new either: each stream was unlike the one before it, so
// it was reconnected to for as long as mcpscope ran. It stops as the one
// greeting alike does, and the state says which stream it repeated.
func TestLegacyStreamGreetingInTurnStopsReconnecting(t *testing.T) {
	const greeting = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"welcome %d"}}`
	reconnectsStop(t, "the same messages as the time before last", maxResume+3, fmt.Sprintf(greeting, 0), fmt.Sprintf(greeting, 1))
}

// slowGreetings has a legacy fake greet each stream with greeting and end
// it, each stream lasting lasts by the session's clock, which only the
// fake moves on.
func slowGreetings(t *testing.T, lasts time.Duration, greeting string) (*mcptest.Server, *recorded) {
	t.Helper()
	var mu sync.Mutex
	clock := time.Now()
	srv := mcptest.New(t, mcptest.Options{})
	srv.GreetEachAndCloseAfter(func() {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(lasts)
	}, greeting)
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return clock
	}
	_, rec := connect(t, Config{URL: srv.URL, Transport: TransportSSE, Reconnect: true, ReconnectDelay: 10 * time.Millisecond, Now: now})
	return srv, rec
}

// A legacy server that greets every session alike and ends the stream a
// second and a half later brings nothing new either: lasting past a
// second reset the count, so it was reconnected to for as long as
// mcpscope ran. It stops as one that ends at once does, and the state
// says how many streams in how long.
func TestLegacyStreamGreetingSlowlyStopsReconnecting(t *testing.T) {
	const greeting = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"welcome"}}`
	srv, rec := slowGreetings(t, 1500*time.Millisecond, greeting)
	waitStopped(t, rec, srv, "the server closed the stream, with nothing new, 6 times in a row in 8s, having sent the same messages as the time before", maxResume+2)
}

// A legacy server whose streams, alike, each stay up long enough (ten
// seconds) is reconnected to for good: its sessions could be used.
func TestLegacyStreamGreetingThatLastsIsReconnectedTo(t *testing.T) {
	const greeting = `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"welcome"}}`
	srv, rec := slowGreetings(t, 10*time.Second, greeting)
	rec.waitFor(t, "three times as many streams as a storm stops after", func(Record) bool { return len(srv.Conns()) >= 3*maxResume })
	for _, r := range rec.all() {
		if r.Kind == KindState && strings.Contains(r.State.Detail, "stopped reconnecting") {
			t.Fatalf("reconnects stopped: %s", r.State.Detail)
		}
	}
}
