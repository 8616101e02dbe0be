package proxy

import (
	"bytes"
	"context"
	"net/http"
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
		if took := time.Since(start); took >= bodyRoomWait/2 {
			t.Errorf("a body waiting for room went on %v after the proxy stopped, want it to end at once", took)
		}
	case <-time.After(bodyRoomWait / 2):
		t.Errorf("a body waiting for room still waits %v after the proxy stopped", bodyRoomWait/2)
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
