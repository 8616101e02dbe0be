package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client's initialize that fails while the event stream it opened before
// it stays open is said at once, in a line of its own: the session's
// closed line waits for that stream, which upstream may hold for ever.
func TestProxyHeadlessSaysAFailedInitializeAtOnce(t *testing.T) {
	h := startHeadless(t, mcptest.InitializeRefusedStreamHeld(t), proxyFlags{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	get, _ := http.NewRequestWithContext(ctx, http.MethodGet, h.run.base+"/mcp", nil)
	get.Header.Set("Accept", "text/event-stream")
	get.Header.Set("User-Agent", "failing-client")
	stream, err := http.DefaultClient.Do(get)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	postVia(t, h.run.base, "", "failing-client", initializeAs("failing-client"))
	want := "failed: upstream answered the initialize 500 Internal Server Error: no session began"
	h.waitFor(want)
	if strings.Contains(h.errw.String(), "closed:") {
		t.Errorf("the session closed while its GET stream is open:\n%s", h.errw.String())
	}
}
