package ui

import (
	"net"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// i pressed while detection still probes a server that took the
// connection and has not answered sends nothing yet: a second
// server/discover beside the probe would wait out the request timeout in
// parallel. It says it waits for the transport to be found (it was
// refused, "not sent, the transport is still being found").
func TestLiveSendWhileDetectingWaitsAndSendsNothing(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	accepted := make(chan net.Conn, 8)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c // held open, never answered
		}
	}()
	t.Cleanup(func() {
		for {
			select {
			case c := <-accepted:
				c.Close()
			default:
				return
			}
		}
	})
	l := startLive(t, mcp.Config{URL: "http://" + ln.Addr().String() + "/mcp"})
	var held net.Conn
	select {
	case held = <-accepted: // the first probe's POST is in
	case <-time.After(10 * time.Second):
		t.Fatal("the first probe never connected within 10s")
	}
	t.Cleanup(func() { held.Close() })
	l.waitFor("finding the transport")
	l.waitFor("◌ POST server/discover") // the probe's record is in
	l.mark()
	l.tm.Type("i")
	l.waitFor("waits for the transport to be found")
	// The bar that says so names the probe it waits on: "○ starting"
	// for the whole probe timeout read as if mcpscope itself were slow.
	if bar := l.seen.String()[l.from:]; !strings.Contains(bar, "◌ POST server/discover") || strings.Contains(bar, "○ starting") {
		t.Errorf("status bar while probing = %q, want ◌ POST server/discover", bar)
	}
	m := l.quit()
	if got := len(pairsOf(m, "server/discover")); got != 1 {
		t.Errorf("server/discover rows = %d, want 1 (the probe alone)", got)
	}
}
