package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A server that took initialize and refused notifications/initialized was
// found by detection, which stopped there: the Detect line read "no
// transport worked: none of the probes below found one", which sent the
// reader to try another URL.
func TestDetectLineSaysTheHandshakeWasRefused(t *testing.T) {
	d := &mcp.Detection{URL: "http://127.0.0.1:9/mcp", Untried: []string{mcp.TransportWords(mcp.TransportSSE)}, Attempts: []mcp.Attempt{
		{Transport: mcp.TransportStateless, Method: "POST", Status: 404},
		{Transport: mcp.TransportStreamable, Method: "POST", Status: 200, Cause: mcp.CauseStatus},
	}}
	got := detectLine(d)
	want := "the server answered as streamable HTTP, but the session could not open: the last probe below found it, and a later message of its handshake was refused; detection stopped at it, so legacy HTTP+SSE was not tried"
	if got != want {
		t.Errorf("detectLine = %q, want %q", got, want)
	}
	if d.Attempts[1].Status = 502; strings.HasPrefix(detectLine(d), "the server answered") {
		t.Errorf("a 502 answer to the probe reads as found: %q", detectLine(d))
	}
}
