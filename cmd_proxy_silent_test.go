package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A proxy started before its server printed where to point a client and
// nothing else; the client's first request was answered 502. It says
// that nothing answered, at once, and nothing when the server is there.
func TestProxyToNothingSaysSoAtStart(t *testing.T) {
	stateDir(t)
	addr := mcptest.ClosedAddr(t)

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

// A gateway given by its bare base URL whose GET /mcp holds back its
// status line (a streamable server with no message yet) used up the start's
// probes' time, and the check that something answers, made after them
// with what time was left, failed at once and warned that nothing answered
// at an address that had just answered the probe of /sse.
func TestProxyToAHoldingGatewayDoesNotSayNothingAnswered(t *testing.T) {
	stateDir(t)
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.Path == "/mcp" {
			<-r.Context().Done() // held until the prober gives up
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(up.Close)
	h := startHeadless(t, up.URL, proxyFlags{})
	h.stop()
	if out := h.errw.String(); strings.Contains(out, "nothing answered") {
		t.Errorf("proxy to a gateway that answered its probes warns:\n%s", out)
	}
}
