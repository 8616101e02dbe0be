package ui

import (
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// i pressed while the session is still being opened (a server that took
// the connection and has not answered yet) says it is still connecting,
// not "not connected … press r to reconnect", which would start over.
func TestLiveSendWhileConnectingSaysSo(t *testing.T) {
	addr, taken := silentServer(t)
	l := startLive(t, mcp.Config{URL: "http://" + addr + "/sse", Transport: mcp.TransportSSE})
	taken("the GET for the stream")
	l.waitFor("connecting")
	l.mark()
	l.tm.Type("i")
	l.waitFor("initialize: not sent, still connecting")
	if view := l.quit().View(); strings.Contains(view, "press r to reconnect") {
		t.Errorf("the status says to reconnect while still connecting:\n%s", view)
	}
}

// While detection probes a server that has not answered, Negotiation says
// the transport is being found and where the probes are, not that a stream
// is being waited for: no stream was asked for yet.
func TestLiveNegotiationSaysDetectionIsUnderWay(t *testing.T) {
	addr, taken := silentServer(t)
	l := startLive(t, mcp.Config{URL: "http://" + addr + "/mcp"})
	taken("the first probe's POST")
	l.waitFor("finding the transport: each probe is a row in Pairs")
	if view := l.quit().View(); strings.Contains(view, "waiting for the stream to open") {
		t.Errorf("Negotiation waits for a stream while detection probes:\n%s", view)
	}
}

// silentServer listens on 127.0.0.1 and takes connections it never
// answers, as a server still starting up does; every one is closed at the
// end of the test. taken waits for the next connection, what says which,
// and fails the test if none comes within ten seconds rather than hanging
// it.
func silentServer(t *testing.T) (addr string, taken func(what string)) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	accepted := make(chan struct{}, 64)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			select {
			case accepted <- struct{}{}:
			default: // more than anyone waits for: never block the accepting
			}
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return ln.Addr().String(), func(what string) {
		t.Helper()
		select {
		case <-accepted:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s never reached the server within 10s", what)
		}
	}
}
