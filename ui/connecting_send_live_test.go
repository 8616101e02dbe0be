package ui

import (
	"net"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// i pressed while the session is still being opened (a server that took
// the connection and has not answered yet) says it is still connecting,
// not "not connected … press r to reconnect", which would start over.
func TestLiveSendWhileConnectingSaysSo(t *testing.T) {
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
	l := startLive(t, mcp.Config{URL: "http://" + ln.Addr().String() + "/sse", Transport: mcp.TransportSSE})
	held := <-accepted // the GET for the stream is in
	t.Cleanup(func() { held.Close() })
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
	l := startLive(t, mcp.Config{URL: "http://" + ln.Addr().String() + "/mcp"})
	held := <-accepted // the first probe's POST is in
	t.Cleanup(func() { held.Close() })
	l.waitFor("finding the transport: each probe is a row in Pairs")
	if view := l.quit().View(); strings.Contains(view, "waiting for the stream to open") {
		t.Errorf("Negotiation waits for a stream while detection probes:\n%s", view)
	}
}
