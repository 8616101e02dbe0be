package proxy

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A legacy stream whose endpoint event and a message come in one read:
// the message was stamped with the read's time, and the session's opening
// records (detection, exchange, endpoint, open), numbered before it, with
// later times, so headless printed the message before the session opened.
// Now the recording's numbers and times agree.
func TestSettlingReadIsStampedInOrder(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "event: endpoint\ndata: /messages?sessionId=1\n\n"+
			"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"hi\"}}\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	t.Cleanup(up.Close)
	// Each reading of the clock a millisecond on: any two stamps differ.
	var ticks atomic.Int64
	start := time.Now()
	now := func() time.Time { return start.Add(time.Duration(ticks.Add(1)) * time.Millisecond) }
	_, base, w := startProxy(t, up.URL+"/sse", Config{Now: now})
	resp := rawDo(t, http.MethodGet, base+"/sse", "", "Accept", "text/event-stream")
	br := bufio.NewReader(resp.Body)
	nextEvent(t, br)
	nextEvent(t, br)
	c := w.clientOn(t, mcp.TransportSSE)
	w.record(t, c.ID, "the message", func(r mcp.Record) bool { return r.Kind == mcp.KindReceived })
	var last mcp.Record
	for _, r := range w.records(c.ID) {
		if r.Time.Before(last.Time) {
			t.Errorf("record %d (%s) is stamped %v, before record %d (%s) at %v", r.Seq, describe(r), r.Time.Sub(start), last.Seq, describe(last), last.Time.Sub(start))
		}
		last = r
	}
}
