package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A DELETE answered after 600 ms (a slow link, a loaded machine) ends the
// session: it is not given up at 300 ms with the session left open on the
// server and a failed DELETE recorded.
func TestStreamableSlowDeleteEndsTheSession(t *testing.T) {
	_, s, rec := dialStreamable(t, mcptest.StreamableOptions{DeleteAfter: 600 * time.Millisecond}, Config{})
	s.Close()
	h := rec.waitFor(t, "the DELETE", func(r Record) bool { return r.Kind == KindHTTP && r.HTTP.Purpose == PurposeDelete })
	if h.HTTP.Status != 204 {
		t.Errorf("the DELETE was recorded with status %d, want its 204: %+v", h.HTTP.Status, h.HTTP)
	}
	st := rec.waitFor(t, "the closed state", func(r Record) bool {
		return r.Kind == KindState && r.State.SessionID != "" && r.State.State == StateClosed
	})
	if !strings.HasPrefix(st.State.Detail, "DELETE ended session") {
		t.Errorf("the session's end says %q, want the DELETE ended it", st.State.Detail)
	}
}
