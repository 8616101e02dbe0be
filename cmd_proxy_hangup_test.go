package main

import (
	"syscall"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The headless proxy's first lines said "ctrl+c (or SIGTERM) stops it",
// where its long help says SIGINT, SIGTERM or SIGHUP: all three stop it,
// and a script reading the first lines is told so.
func TestProxyHeadlessSaysWhatStopsIt(t *testing.T) {
	h := startHeadless(t, demotest.Start(t, demo.Options{}).URL, proxyFlags{})
	h.waitFor("ctrl+c, SIGTERM or SIGHUP stops it and flushes the recordings\n")
	h.stop()
}

// SIGHUP (the terminal the proxy ran in closed) stops the headless proxy
// as SIGTERM does: it exits 0, its client's recording closed. It runs in a
// child process, which the signal goes to.
func TestProxyHeadlessStopsOnHangup(t *testing.T) {
	if rerunInChild(t) {
		return
	}
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	listen, done, dir := runHeadlessProxy(t, up.Endpoint())
	if status, sid := clientPost(t, "http://"+listen+"/mcp", "", initializeBody); status != 200 || sid == "" {
		t.Fatalf("initialize through the proxy: %d, session %q", status, sid)
	}
	stopWithRecordingClosed(t, done, dir, syscall.SIGHUP)
}
