package proxy

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// watchedRefusals is a proxy of --max-event-size limit whose refusals
// come on the channel it returns, served at the URL it returns.
func watchedRefusals(t *testing.T, limit int) (*Proxy, string, <-chan Refusal) {
	t.Helper()
	refusals := make(chan Refusal, 4)
	p, err := New(Config{Upstream: "http://127.0.0.1:9831/mcp", MaxEventSize: limit, OnRefused: func(r Refusal) { refusals <- r }})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(p)
	p.Track(ts.Config)
	ts.Start()
	t.Cleanup(func() {
		ts.Close()
		p.Close()
	})
	return p, ts.URL, refusals
}

// A request that comes once the proxy is stopping is answered 503 and
// counted: the report said nothing of it, so a client's lost request
// was nowhere.
func TestRequestAfterTheStopIsCountedAsStopping(t *testing.T) {
	p, url, refusals := watchedRefusals(t, 1<<20)
	p.Close()
	resp, err := http.Post(url+"/mcp", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "shutting down") {
		t.Errorf("a request after the stop got %d %q, want 503 saying the proxy is shutting down", resp.StatusCode, body)
	}
	select {
	case got := <-refusals:
		if got.Reason != RefusedStopping || got.Status != http.StatusServiceUnavailable {
			t.Errorf("a request after the stop is told as %+v, want a 503 of RefusedStopping", got)
		}
	case <-time.After(testTimeout):
		t.Fatal("a request refused after the stop was never told of")
	}
}

// A body still waiting for room when the proxy stops is refused for the
// stop, not for want of room: "restart the proxy with a larger
// --max-event-size" cured nothing, the proxy was only closing.
func TestBodyWaitingForRoomAtTheStopIsRefusedForTheStop(t *testing.T) {
	const limit = 1 << 20
	p, url, refusals := watchedRefusals(t, limit)
	if !p.bodies.take(context.Background(), p.bodies.limit) {
		t.Fatal("the empty budget had no room for its whole")
	}
	// Long enough that only the stop can end the wait.
	p.bodies.wait = time.Minute
	type answer struct {
		status int
		body   string
		err    error
	}
	answered := make(chan answer, 1)
	go func() {
		resp, err := http.Post(url+"/mcp", "application/json", bytes.NewReader(make([]byte, 2*firstBodyBlock)))
		if err != nil {
			answered <- answer{err: err}
			return
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		answered <- answer{status: resp.StatusCode, body: string(body)}
	}()
	waitBodyWaiting(t)
	p.Close()
	select {
	case got := <-refusals:
		if got.Reason != RefusedStopping || strings.Contains(got.Why, "no room") {
			t.Errorf("a body waiting for room at the stop is told as %q (reason %d), want it refused for the stop, not for room", got.Why, got.Reason)
		}
	case <-time.After(testTimeout):
		t.Fatalf("the body waiting for room at the stop was never told of (client got %+v)", <-answered)
	}
	select {
	case got := <-answered:
		if got.err == nil && (got.status != http.StatusServiceUnavailable || strings.Contains(got.body, "max-event-size")) {
			t.Errorf("the client whose body waited at the stop got %d %q, want 503 with no advice to raise --max-event-size", got.status, got.body)
		}
	case <-time.After(testTimeout):
		t.Fatal("the client whose body waited at the stop was never answered")
	}
}
