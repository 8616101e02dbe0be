package ui

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A transport forced with --transport that fails is said once in the
// Negotiation pane, by the ✗ problem with the answer's page; the Detect
// line says only what it can (it was asked for, so nothing else was
// tried) and the attempt's line what came back (502 · text/html). The
// failure was said three times: as the problem, in the Detect reason and,
// whole with the page, on the probe's line. Dark and light, 80x24 and
// 160x45.
func TestLiveForcedTransportFailureSaidOnce(t *testing.T) {
	const page = "<html><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx-gone-7</center></body></html>"
	srv := htmlFailingWith(t, http.StatusBadGateway, page)
	url := srv.URL + "/mcp"
	for _, theme := range []string{"dark", "light"} {
		for _, size := range [][2]int{{80, 24}, {160, 45}} {
			final, neg, words := failedNegotiation(t, mcp.Config{URL: url, Transport: mcp.TransportStreamable}, theme == "light", size[0], size[1])
			where := fmt.Sprintf("%s %dx%d", theme, size[0], size[1])
			if got := strings.Count(neg, "nginx-gone-7"); got != 1 {
				t.Errorf("%s: the Negotiation pane shows the page %d times, want once:\n%s", where, got, neg)
			}
			if got := strings.Count(words, "answered 502"); got != 1 {
				t.Errorf("%s: the pane says the POST answered 502 %d times, want once, in the problem:\n%s", where, got, neg)
			}
			if !strings.Contains(words, "asked for: detection skipped, so no other transport was tried") {
				t.Errorf("%s: the Detect line does not say the transport was asked for, so alone tried:\n%s", where, neg)
			}
			if !strings.Contains(words, "tried POST initialize "+url+" → 502 · text/html") {
				t.Errorf("%s: the attempt's line does not say what was tried (not probed: detection was skipped) and what came back:\n%s", where, neg)
			}
			if theme == "light" {
				if h := holes(final.View()); len(h) > 0 {
					t.Errorf("%s: cells with no background (row: cells) %v", where, h)
				}
			}
		}
	}
}

// A forced transport whose initialize answer named a version mcpscope
// refused: the refusal is the ✗ problem, and the attempt's line says what
// came back (200, an event stream) and that it failed, without quoting the
// failure again (it was quoted whole there).
func TestLiveForcedRefusedVersionSaidOnce(t *testing.T) {
	srv := mcptest.OnMethod(t, "initialize", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"protocolVersion": "2025-11-25\u001b[31m", "capabilities": map[string]any{},
			"serverInfo": map[string]any{"name": "odd-version", "version": "1"}})
	})
	words, _ := forcedNegotiation(t, srv, "the initialize answer's")
	if got := strings.Count(words, "holds a control character"); got != 1 {
		t.Errorf("the Negotiation pane says the refusal %d times, want once:\n%s", got, words)
	}
	if !strings.Contains(words, "→ 200 · text/event-stream · failed, as said above") {
		t.Errorf("the attempt's line does not say it failed:\n%s", words)
	}
}

// forcedNegotiation is the Negotiation pane's words, as one line, for a
// session forced onto srv's streamable HTTP, once its ✗ line beginning
// problem is drawn: from the log, where the detection's records come
// before it (the status bar's line may come first); errors is the status
// bar's count of them.
func forcedNegotiation(t *testing.T, srv *mcptest.StreamableServer, problem string) (words string, errors int) {
	t.Helper()
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable, NoGetStream: true})
	l.waitFor("✗ " + problem)
	m := l.quit()
	return strings.Join(strings.Fields(ansi.Strip(strings.Join(m.nego.lines(), "\n"))), " "), m.com.log.Stats().Errors
}
