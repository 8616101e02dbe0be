package proxy

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// roomless is a proxy of --max-event-size limit whose budget for
// clients' bodies is all taken.
func roomless(t *testing.T, limit int) *Proxy {
	p, _, _ := startProxy(t, "http://127.0.0.1:9880/mcp", Config{MaxEventSize: limit})
	if !p.bodies.take(context.Background(), p.bodies.limit) {
		t.Fatal("the empty budget had no room for its whole")
	}
	return p
}

// A body waiting for room (the budget full) stops waiting when the proxy
// stops: Close waits for every handler, and waited up to bodyRoomWait
// for each body that waited.
func TestBodyWaitingForRoomEndsWhenTheProxyStops(t *testing.T) {
	const limit = 1 << 20
	p := roomless(t, limit)
	// A wait of a minute, bounded at half of it: a body that ends before
	// then was ended by the stop, however slow a loaded machine under
	// -race is to run it.
	p.bodies.wait = time.Minute
	read := make(chan error, 1)
	go func() {
		hold := &bodyHold{room: p.bodies, ctx: context.Background()}
		_, err := readLimited(&zeros{2 * firstBodyBlock}, -1, limit, hold)
		read <- err
	}()
	start := time.Now()
	p.Close()
	select {
	case err := <-read:
		if err != errNoRoom {
			t.Errorf("a body waiting for room when the proxy stopped ended with %v, want no room", err)
		}
		if took := time.Since(start); took >= p.bodies.wait/2 {
			t.Errorf("a body waiting for room went on %v after the proxy stopped, want it to end at once", took)
		}
	case <-time.After(p.bodies.wait / 2):
		t.Errorf("a body waiting for room still waits %v after the proxy stopped", p.bodies.wait/2)
	}
}

// A client's gzip body waiting for room to be decoded when the proxy
// stops is recorded as it came, and its record says the proxy was
// stopping: "had no room to decode ... it already holds as many bytes of
// clients' request bodies at once as it allows" read as the budget's
// fault, where the proxy was only closing.
func TestGzipBodyWaitingForRoomSaysTheProxyStopped(t *testing.T) {
	const limit = 1 << 20
	p := roomless(t, limit)
	body := gzipped(t, make([]byte, 2*firstBodyBlock))
	type read struct {
		msg []byte
		why string
	}
	done := make(chan read, 1)
	go func() {
		hold := &bodyHold{room: p.bodies, ctx: context.Background()}
		msg, why := readable(body, http.Header{"Content-Encoding": {"gzip"}}, limit, hold)
		done <- read{msg, why}
	}()
	p.Close()
	select {
	case got := <-done:
		if !bytes.Equal(got.msg, body) {
			t.Errorf("the body read when the proxy stopped is %d bytes, want it as it came (%d, compressed)", len(got.msg), len(body))
		}
		want := "the proxy was stopping, so it did not wait for room to decode the client's gzip-encoded body"
		if !strings.Contains(got.why, want) || strings.Contains(got.why, "no room") {
			t.Errorf("a gzip body waiting for room when the proxy stopped is said as %q, want it to say %q and not that there was no room", got.why, want)
		}
	case <-time.After(10 * bodyRoomWait):
		// Bounded generously: the words say whether the stop ended
		// the wait (the other test times it).
		t.Errorf("a gzip body waiting for room still waits %v after the proxy stopped", 10*bodyRoomWait)
	}
}

// A client's gzip body whose wait for room to be decoded ended because
// the client went away is recorded as it came, saying the client went
// away: "the proxy had no room to decode ... restart" read as the
// budget's fault, where the client had only left.
func TestGzipBodyWaitingForRoomSaysTheClientWentAway(t *testing.T) {
	const limit = 1 << 20
	p := roomless(t, limit)
	body := gzipped(t, make([]byte, 2*firstBodyBlock))
	gone, leave := context.WithCancel(context.Background())
	leave()
	hold := &bodyHold{room: p.bodies, ctx: gone}
	msg, why := readable(body, http.Header{"Content-Encoding": {"gzip"}}, limit, hold)
	if !bytes.Equal(msg, body) {
		t.Errorf("the body of a client gone is %d bytes, want it as it came (%d, compressed)", len(msg), len(body))
	}
	want := "the client went away while its gzip-encoded body"
	if !strings.Contains(why, want) || strings.Contains(why, "no room") {
		t.Errorf("a gzip body whose client went away while it waited for room is said as %q, want it to say %q and not that there was no room", why, want)
	}
}

// A client that goes away while its body waits for room (its HTTP/2
// stream reset, which ends the request's context; HTTP/1.1 says nothing
// until the body is read) is said to have gone away: "the proxy had no
// room for its body ... restart the proxy with a larger --max-event-size"
// read as the budget's fault, where the client had only left.
func TestBodyWaitingForRoomSaysTheClientWentAway(t *testing.T) {
	const limit = 1 << 20
	refusals := make(chan Refusal, 1)
	p, err := New(Config{Upstream: "http://127.0.0.1:9830/mcp", MaxEventSize: limit, OnRefused: func(r Refusal) { refusals <- r }})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(p)
	ts.Config.Protocols = new(http.Protocols)
	ts.Config.Protocols.SetUnencryptedHTTP2(true)
	p.Track(ts.Config)
	ts.Start()
	t.Cleanup(func() {
		ts.Close()
		p.Close()
	})
	if !p.bodies.take(context.Background(), p.bodies.limit) {
		t.Fatal("the empty budget had no room for its whole")
	}
	tr := &http.Transport{Protocols: new(http.Protocols)}
	tr.Protocols.SetUnencryptedHTTP2(true)
	t.Cleanup(tr.CloseIdleConnections)
	ctx, leave := context.WithCancel(bounded(t))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/mcp", bytes.NewReader(make([]byte, 2*firstBodyBlock)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		if resp, err := tr.RoundTrip(req); err == nil {
			resp.Body.Close()
		}
	}()
	waitBodyWaiting(t)
	leave()
	<-sent
	select {
	case got := <-refusals:
		if !strings.Contains(got.Why, "the client went away while its body waited for room") || strings.Contains(got.Why, "no room") || got.Short != "its client went away" {
			t.Errorf("a body whose client went away while it waited for room is said as %q (%q), want it said the client went away, and not that there was no room", got.Why, got.Short)
		}
	case <-time.After(testTimeout):
		t.Fatal("the body whose client went away was never said to be unread")
	}
}

// waitBodyWaiting waits, bounded, until a body waits for room: nothing
// but its goroutine says so.
func waitBodyWaiting(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(testTimeout)
	buf := make([]byte, 1<<20)
	for !bytes.Contains(buf[:runtime.Stack(buf, true)], []byte("(*bodyRoom).take(")) {
		if time.Now().After(deadline) {
			t.Fatal("no body ever waited for room")
		}
		time.Sleep(2 * time.Millisecond)
	}
}
