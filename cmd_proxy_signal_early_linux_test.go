package main

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The headless proxy relays and records from the moment it listens, while
// it still asks upstream what it serves for its first lines (up to 2s: a
// server that holds back its GET /sse takes all of it). A SIGTERM then (a
// script that runs a client and stops the proxy at once) killed it, its
// client's recording left without its close; now it stops as at any other
// time. It runs in a child process, which the signal goes to.
func TestProxyHeadlessSignalWhileAskingUpstreamClosesRecordings(t *testing.T) {
	if rerunInChild(t) {
		return
	}
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	target, err := url.Parse(up.URL)
	if err != nil {
		t.Fatal(err)
	}
	relay := httputil.NewSingleHostReverseProxy(target)
	hold := make(chan struct{})
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/sse" {
			select { // the probe of a legacy stream beside /mcp: held back
			case <-hold:
			case <-r.Context().Done():
			}
			return
		}
		relay.ServeHTTP(w, r)
	}))
	defer front.Close()
	defer close(hold)
	listen, done, dir := runHeadlessProxy(t, front.URL+"/mcp")
	if status, sid := clientPost(t, "http://"+listen+"/mcp", "", initializeBody); status != 200 || sid == "" {
		t.Fatalf("initialize through the proxy: %d, session %q", status, sid)
	}
	stopWithRecordingClosed(t, done, dir, syscall.SIGTERM)
}
