package proxy

import (
	"io"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// When upstream is gone, a streamable client's GET stream and its
// resumption of a response stream fail at once; each failure says which
// stream it was (the two read as one line printed twice).
func TestFailedStreamsSayWhichStream(t *testing.T) {
	dead := "http://" + mcptest.ClosedAddr(t)
	_, base, w := startProxy(t, dead, Config{})
	rawDo(t, "GET", base+"/mcp", "", "Accept", "text/event-stream", "Mcp-Session-Id", "s1").Body.Close()
	rawDo(t, "GET", base+"/mcp", "", "Accept", "text/event-stream", "Mcp-Session-Id", "s1", "Last-Event-ID", "ev-7").Body.Close()
	for _, want := range []string{"(the GET stream for server messages)", "(resuming a stream after Last-Event-ID ev-7)"} {
		w.clientWith(t, "a failure naming "+want, func(r mcp.Record) bool {
			return r.Error != nil && r.Error.Cause == mcp.CauseUnreachable && strings.Contains(r.Error.Message, want)
		})
	}
}

// A GET stream that upstream breaks off is said to be the GET stream, not
// an answer.
func TestBrokenGetStreamSaysSo(t *testing.T) {
	_, base, w := startProxy(t, garbage(t).URL, Config{})
	resp := rawDo(t, "GET", base+"/break", "", "Accept", "text/event-stream", "Mcp-Session-Id", "s1")
	// The client's stream breaks as upstream's did.
	_, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	w.clientWith(t, "the GET stream's break", func(r mcp.Record) bool {
		return r.Error != nil && strings.HasPrefix(r.Error.Message, "upstream's GET stream broke off")
	})
}
