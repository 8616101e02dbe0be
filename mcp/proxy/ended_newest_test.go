package proxy

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A client coming back to a session id that ended twice, first with its
// DELETE and then, used again, when its client left, is told of the newer
// ending: the sets of endings were checked in a fixed order, DELETE first,
// and its recording began naming the older, DELETE's, however old.
func TestUnknownSessionNamesTheNewestEnding(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	p, base, w := startProxy(t, gw.URL, Config{})
	deleteNeverIssued(t, base)
	w.record(t, 1, "the first DELETE's session ended", inState(mcp.StateClosed, ""))
	// Then the id's next recording, client session 7, ended as a client
	// that left ends (endLeft), the newer ending of the two.
	p.mu.Lock()
	p.noteEnded(&p.left, "never-issued", endedBy{n: 7, init: 1})
	p.mu.Unlock()
	deleteNeverIssued(t, base)
	detect := w.record(t, 2, "how the next recording began", func(r mcp.Record) bool { return r.Kind == mcp.KindDetect })
	why := detect.Detect.Reason
	if !strings.Contains(why, "whose recording (client session 7) ended when the client closed its GET stream") || strings.Contains(why, "DELETE in client session 1") {
		t.Errorf("the next recording begins %q, want it to name the newer ending, client session 7's", why)
	}
	// That retried DELETE is the newest ending in turn: the next retry
	// named client session 7's again, as if no DELETE had come since.
	w.record(t, 2, "the retried DELETE's session ended", inState(mcp.StateClosed, ""))
	deleteNeverIssued(t, base)
	detect = w.record(t, 3, "how the second retry's recording began", func(r mcp.Record) bool { return r.Kind == mcp.KindDetect })
	if why := detect.Detect.Reason; !strings.Contains(why, "ended with DELETE in client session 1") {
		t.Errorf("the second retry's recording begins %q, want it to name the DELETE that ended the id, client session 1's", why)
	}
}
