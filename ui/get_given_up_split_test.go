package ui

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// The GET stream given up after its tries, the last try's 503 read in an
// earlier batch than the give-up: the words named the answer by the
// give-up's detail, URL and all, and ran to three rows of 80 columns
// (TestLiveGetStreamGivenUpSaysSo failed so now and then under load). The
// answer is named by its status, as when both came in one batch.
func TestGetGivenUpNamesTheStatusOfAnEarlierBatch(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	m := newTestModel(t, 80, 24, newFakeBackend(), s.recs)
	feed := feeder(s, m)
	const get = "GET http://127.0.0.1:8811/mcp answered 503 Service Unavailable: restarting (after 6 attempts)"
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateGetStream, Auto: true, WaitMS: 80,
		Detail: "the GET stream could not be opened (GET http://127.0.0.1:8811/mcp answered 503 Service Unavailable: restarting); trying again in 80ms, attempt 5 of 5"}})
	feed(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpStream, Purpose: mcp.PurposeGet, Cause: mcp.CauseStatus, Status: http.StatusServiceUnavailable, Message: get}})
	feed(mcp.Record{Kind: mcp.KindState, State: &mcp.StateChange{State: mcp.StateGetStream, Over: true, Detail: "not reopened: " + get}})
	got := statusMessage(m)
	if !strings.Contains(got, "(the last try: 503 Service Unavailable)") {
		t.Errorf("the status line = %q, want the last try named by its status", got)
	}
	if rows := wrapWords(got, 80); len(rows) > 2 {
		t.Errorf("the GET stream given up takes %d rows at 80 columns, want 2 at most: %q", len(rows), got)
	}
}
