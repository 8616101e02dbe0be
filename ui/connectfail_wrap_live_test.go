package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// "could not connect" at 80 columns was cut after the URL: why (connection
// refused) and what to do (is the server started? check the URL) were
// lost. It wraps under the keys row now, which stays, over up to six rows
// (three cut the advice for a server failing everything with a 500 before
// its flag, --transport streamable); when even that is too short, what to
// do comes first and the cut falls on the attempts, which the Negotiation
// pane on screen lists. At 160 columns it reads whole in its own order.
func TestLiveCouldNotConnectReadsWhole(t *testing.T) {
	refused := "http://" + mcptest.ClosedAddr(t) + "/mcp"
	notFound := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(notFound.Close)
	// A server that fails everything with an HTML page: the advice ends
	// in the flag to pass, which three rows of 80 columns cut.
	failing := htmlFailing(t, "<html><body><h1>500 Internal Server Error</h1></body></html>")
	const skip = "start mcpscope again with --transport streamable (or --transport sse for a legacy server)"
	// A closed port of the user's is no Docker MCP Gateway: its words are
	// left out (advice.mayBeGateway), the question kept.
	const docker = "is the server started, and is the URL right?"
	const checkURL = "check the URL: legacy gateways serve /sse and streamable servers /mcp; --transport sse or --transport streamable skips detection"
	for _, tc := range []struct {
		url    string
		w, h   int
		wait   string
		msg    []string // in the message's rows
		screen []string // anywhere on the screen
	}{
		{refused, 80, 24, "connection refused", []string{"could not connect: POST " + refused + " failed:", "connection refused — nothing answered at", docker}, nil},
		{refused, 160, 45, "connection refused", []string{"could not connect: POST " + refused + " failed:", "connection refused — nothing answered at", docker}, nil},
		{notFound.URL, 80, 24, "no transport worked", []string{"could not connect: no transport worked", "answered 404", checkURL}, nil},
		{notFound.URL, 60, 20, "could not connect", []string{"could not connect — " + checkURL}, []string{"answered 404"}},
		{failing.URL + "/mcp", 80, 24, "no transport worked", []string{"answered 500 Internal Server Error", "the server failed: check its logs", skip}, nil},
		{failing.URL + "/mcp", 60, 20, "could not connect", []string{"could not connect: POST", "answered 500 Internal Server Error", "the server failed: check its logs", skip}, nil},
		{failing.URL + "/mcp", 100, 30, "no transport worked", []string{"answered 500 Internal Server Error", "the server failed: check its logs; if it fails only on detection's server/discover, " + skip}, nil},
	} {
		l := startLiveReady(t, mcp.Config{URL: tc.url}, tc.w, tc.h, "● failed")
		l.waitFor(tc.wait)
		m := l.quit()
		v := ansi.Strip(m.View())
		rows, at := couldNotConnectAt(t, v)
		if at < 1 || !strings.HasPrefix(rows[at-1], "r reconnect") {
			t.Fatalf("%s at %dx%d: no \"could not connect\" row under the keys row:\n%s", tc.url, tc.w, tc.h, v)
		}
		// The message's rows, up to the status bar, read as one text.
		text := strings.Join(strings.Fields(strings.Join(rows[at:len(rows)-1], " ")), " ")
		if tc.w == 100 && len(rows)-1-at > 3 {
			// The failing server's advice took three of four rows here.
			t.Errorf("%s at %dx%d: the message takes %d rows, want 3 at most:\n%s", tc.url, tc.w, tc.h, len(rows)-1-at, v)
		}
		for _, w := range tc.msg {
			if !strings.Contains(text, w) {
				t.Errorf("%s at %dx%d: the message %q lost %q:\n%s", tc.url, tc.w, tc.h, text, w, v)
			}
		}
		for _, w := range tc.screen {
			if !strings.Contains(v, w) {
				t.Errorf("%s at %dx%d: %q is nowhere on screen:\n%s", tc.url, tc.w, tc.h, w, v)
			}
		}
	}
}

// A "could not connect" too long for its rows ends after a whole word: at
// 80 columns the advice for a server failing with a long HTML page ended
// "(or --transport sse for a legacy server) · PO…", half a word of the
// attempt the Negotiation pane lists whole. The message no longer quotes
// the page, so a long URL fills its rows, and its path may be cut
// between segments.
func TestLiveCouldNotConnectCutEndsOnAWord(t *testing.T) {
	failing := htmlFailing(t, "<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body>"+
		"<h1>Internal Server Error</h1><p>The server encountered an internal error and was unable to complete "+
		"your request. Either the server is overloaded or there is an error in the application.</p></body></html>")
	l := startLiveReady(t, mcp.Config{URL: failing.URL + "/" + strings.Repeat("gateway/", 16)}, 80, 24, "● failed")
	l.waitFor("could not connect")
	v := ansi.Strip(l.quit().View())
	rows := strings.Split(v, "\n")
	last := strings.TrimRight(rows[len(rows)-2], " ")
	if !strings.HasSuffix(last, "…") {
		t.Fatalf("the message does not fill its rows, nothing to cut:\n%s", v)
	}
	if !strings.HasSuffix(last, " …") && !strings.HasSuffix(last, "/…") {
		// After a space, or between a path's segments.
		t.Errorf("the message's last row is cut in a word: %q\n%s", last, v)
	}
}
