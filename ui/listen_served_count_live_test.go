package ui

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A listen stream the server serves and then ends (a serverless platform
// ends each request after a while) is reopened by mcpscope on its own:
// those reopenings are not the user's requests, and the bar's count stays
// what it was, as it does for reopenings after a failure.
func TestLiveListenReopenedAfterServedIsNoRequest(t *testing.T) {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless, ReconnectDelay: time.Millisecond})
	// The bar drawn after the stream's row: a frame is read in part at
	// times, its row before its bar, and the count was the one before.
	l.waitUntil(func(seen []byte) bool { return listenedRe.Match([]byte(ansi.Strip(string(seen)))) })
	before := reqCount(t, l)
	for range 2 {
		ln, err := srv.WaitListen(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		// Served: open past the second a failure ends in.
		time.Sleep(1100 * time.Millisecond)
		ln.End()
	}
	if _, err := srv.WaitListen(t.Context()); err != nil {
		t.Fatal(err)
	}
	// The third stream's own row: "● listening" anywhere was the first
	// stream's, and the test ended before the last reopening was shown.
	l.waitRowsDrawnAs("subscriptions/listen", "● listening", 3)
	m := l.quit()
	if got := m.com.log.Stats().Requests; got != before {
		t.Errorf("after two served listen streams reopened the bar counts %d requests, want %d as before:\n%s", got, before, lastLine(ansi.Strip(m.View())))
	}
}

// reqCount is the bar's newest count of requests.
func reqCount(t *testing.T, l *live) int {
	t.Helper()
	all := reqRe.FindAllStringSubmatch(ansi.Strip(l.seen.String()), -1)
	if len(all) == 0 {
		t.Fatal("the bar counts no requests")
	}
	n, _ := strconv.Atoi(all[len(all)-1][1])
	return n
}

var (
	reqRe      = regexp.MustCompile(`(\d+) req\b`)
	listenedRe = regexp.MustCompile(`● listening[\s\S]*\d+ req\b`)
)
