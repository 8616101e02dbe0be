package proxy

import (
	"context"
	"testing"
	"time"
)

// A body waiting for room (the budget full) stops waiting when the proxy
// stops: Close waits for every handler, and waited up to bodyRoomWait
// for each body that waited.
func TestBodyWaitingForRoomEndsWhenTheProxyStops(t *testing.T) {
	const limit = 1 << 20
	p, _, _ := startProxy(t, "http://127.0.0.1:9880/mcp", Config{MaxEventSize: limit})
	if !p.bodies.take(context.Background(), p.bodies.limit) {
		t.Fatal("the empty budget had no room for its whole")
	}
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
