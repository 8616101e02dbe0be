package main

import (
	"net"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxy started before its server printed where to point a client and
// nothing else; the client's first request was answered 502. It says
// that nothing answered, at once, and nothing when the server is there.
func TestProxyToNothingSaysSoAtStart(t *testing.T) {
	stateDir(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now

	h := startHeadless(t, "http://"+addr, proxyFlags{})
	h.stop()
	want := "warning: nothing answered at " + addr + ": is the server started, and is the URL right?"
	if out := h.errw.String(); !strings.Contains(out, want) || !strings.Contains(out, "until it answers, each client is answered 502") {
		t.Errorf("proxy to a closed port says:\n%s\nwant %q and what its clients get", out, want)
	}

	up := mcptest.New(t, mcptest.Options{})
	h = startHeadless(t, up.URL, proxyFlags{})
	h.stop()
	if out := h.errw.String(); strings.Contains(out, "nothing answered") {
		t.Errorf("proxy to a live server warns:\n%s", out)
	}
}
