package ui

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A command typed while detection still waits on a slow server's probe
// waits for the transport, says so, and goes once detection found it. It
// was refused: "not sent, the transport is still being found", kept only
// in ↑.
func TestLiveCommandTypedWhileDetectingGoesOnceFound(t *testing.T) {
	srv, release := heldOn(t, "initialize")
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("POST initialize") // detection's initialize probe is held
	l.command("tools/list")
	l.waitFor("tools/list waits for the transport to be found")
	close(release)
	l.waitOK("tools/list") // the status, and the row its records make
	m := l.quit()
	if got := len(pairsOf(m, "tools/list")); got != 1 {
		t.Errorf("tools/list rows = %d, want 1: sent once detection found the transport", got)
	}
}

// i pressed while detection's own probe waits is not sent again once that
// probe opened the session: a second initialize would start a session the
// user did not ask for, and on a 2026 (stateless) server the probe's
// server/discover answer is the discovery i asks for.
func TestLiveInitializeTypedWhileDetectingNotSentAgain(t *testing.T) {
	for _, tc := range []struct {
		probe, said string
		start       func(t *testing.T, method string) (string, chan struct{})
	}{
		{"initialize", "initialize: not sent again, detection initialized the session",
			func(t *testing.T, method string) (string, chan struct{}) {
				srv, release := heldOn(t, method)
				return srv.Endpoint(), release
			}},
		{"server/discover", "server/discover: not sent again, detection discovered the server",
			func(t *testing.T, method string) (string, chan struct{}) {
				srv, release := statelessHeldOn(t, method)
				return srv.Endpoint(), release
			}},
	} {
		t.Run(tc.probe, func(t *testing.T) {
			url, release := tc.start(t, tc.probe)
			l := startLive(t, mcp.Config{URL: url})
			l.waitFor("POST " + tc.probe)
			l.tm.Type("i")
			l.waitFor("waits for the transport to be found")
			close(release)
			l.waitFor(tc.said)
			m := l.quit()
			if got := len(pairsOf(m, tc.probe)); got != 1 {
				t.Errorf("%s rows = %d, want 1 (detection's)", tc.probe, got)
			}
		})
	}
}

// A command that waited for a transport detection then did not find is
// dropped, and the status line says so beside why connecting failed.
func TestLiveCommandTypedWhileDetectingDroppedWhenNoneFound(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	l := startLive(t, mcp.Config{URL: srv.URL + "/mcp"})
	l.waitFor("POST server/discover") // the first probe is held
	l.command("tools/list")
	l.waitFor("tools/list waits for the transport to be found")
	close(release)
	l.waitFor("could not connect")
	m := l.quit()
	if text := m.status.msg.text; !strings.HasPrefix(text, "tools/list not sent (↑ on the command line brings it back): could not connect") {
		t.Errorf("status line = %q, want the dropped tools/list said before why connecting failed", text)
	}
	if got := len(pairsOf(m, "tools/list")); got != 0 {
		t.Errorf("tools/list rows = %d, want 0: no transport to send it on", got)
	}
	if !slices.Contains(m.cmdline.hist.entries, "tools/list") {
		t.Error("the dropped tools/list is not in the command line's history")
	}
}
