package ui

import (
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that answers the initialized notification with a result and no
// id (the conformance suite's initialize server does) shows a foreign row
// that says the answer had no id, not that it named one we never sent.
func TestLiveForeignAnswerWithNoID(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{NoSessionID: true, GET: mcptest.GETNone, Handle: mcptest.HandleMethod("notifications/initialized", func(x *mcptest.Exchange) {
		x.Status(http.StatusOK, "application/json", `{"jsonrpc":"2.0","result":{}}`)
	})})
	l := startLive(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable})
	l.waitFor("● initialized")
	l.waitFor("(an answer with no id)")
	m := l.quit()
	var foreign int
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Kind == history.KindForeign {
			foreign++
			if got := methodText(p); got != "(an answer with no id)" {
				t.Errorf("foreign row says %q", got)
			}
		}
	}
	if foreign != 1 {
		t.Errorf("%d foreign rows, want the one answer with no id", foreign)
	}
}
