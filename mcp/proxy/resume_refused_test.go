package proxy

import (
	"net/http"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A client's resume (a GET with Last-Event-ID) that brings no stream is
// said to have brought none, with why: upstream's answer, or none at all.
// The Negotiation pane's Resume rows read "the client resumes a stream
// after event …" once per attempt and nothing more, as if each had worked.
func TestResumeThatBringsNoStreamIsSaid(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{RejectModern: true})
	_, base, w := startProxy(t, up.URL, Config{})
	session := rawSession(t, base, "2025-11-25")
	resume := append(session, "Accept", "text/event-stream", "Last-Event-ID", "s1_7")
	refused := rawDo(t, http.MethodGet, base+"/mcp", "", resume...)
	readAll(t, refused.Body)
	if refused.StatusCode != http.StatusBadRequest {
		t.Fatalf("the client's resume got %s, want the fake's 400 (it keeps no events)", refused.Status)
	}
	c := w.clientWith(t, "the resume refused", inState(mcp.StateResuming, "the client's resume after event s1_7 got no stream: upstream answered 400"))

	up.Close()
	gone := rawDo(t, http.MethodGet, base+"/mcp", "", resume...)
	readAll(t, gone.Body)
	if gone.StatusCode != http.StatusBadGateway {
		t.Fatalf("the client's resume with upstream down got %s, want 502", gone.Status)
	}
	w.record(t, c.ID, "the resume unanswered", inState(mcp.StateResuming, "the client's resume after event s1_7 got no stream: upstream did not answer it"))
}
