package mcp

import (
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// callDroppedAfterEventID calls a tool whose response stream ends after one
// log message with event id id, so the session would resume it with that
// id as Last-Event-ID. It returns the records and the call's error.
func callDroppedAfterEventID(t *testing.T, id string) (*recorded, error) {
	t.Helper()
	_, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("tools/call", func(x *mcptest.Exchange) {
		x.Status(http.StatusOK, "text/event-stream", "retry: 10\nid: "+id+"\n"+
			`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"before the drop"}}`+"\n\n")
	})}, Config{})
	_, err := s.CallTool(testCtx(t), "echo", []byte(`{"text":"x"}`))
	return rec, err
}

// getStreamEndingWithEventID connects a streamable session whose GET
// stream, twice, ends after one log message with event id id and is then
// refused with 405. It waits for the GET stream's state whose detail holds
// why (the reason id is not sent back) and for the refused GET after it,
// and returns the records.
func getStreamEndingWithEventID(t *testing.T, id, why string) *recorded {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	var gets atomic.Int32
	front := mcptest.Front(t, srv.URL, func(w http.ResponseWriter, r *http.Request, _ []byte) bool {
		if r.Method != http.MethodGet {
			return false
		}
		if gets.Add(1) > 2 {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return true
		}
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "retry: 10\nid: "+id+"\n"+`data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"on the GET stream"}}`+"\n\n")
		return true
	})
	_, rec := connect(t, Config{URL: front.URL + "/mcp", Transport: TransportStreamable})
	rec.waitFor(t, "the state saying the id is not sent back", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, why)
	})
	rec.waitFor(t, "the GET refused after it", func(r Record) bool {
		return r.Kind == KindState && r.State.State == StateGetStream && strings.Contains(r.State.Detail, "405")
	})
	return rec
}
