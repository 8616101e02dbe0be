package proxy

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Two alike clients' probes held back when the proxy stops, after an
// initialize came on a third connection, end saying where their client
// may have gone, as they do once the wait passes: they said "the proxy
// stopped", and the initialize's session was nowhere in their recordings.
func TestHeldProbesEndedByCloseSayWhereTheirClientWent(t *testing.T) {
	p, base, w := startProxy(t, eraUpstream(t), Config{})
	p.earlyWait = time.Hour // only Close may end the probes
	twinProbe(t, connClient(t), base, 100)
	twinProbe(t, connClient(t), base, 200)
	twinInit(t, connClient(t), base, 301)
	var init *Client
	w.until(t, "the initialize's session", func() bool {
		for _, c := range w.clients {
			if c.Transport == mcp.TransportStreamable {
				init = c
			}
		}
		return init != nil
	})
	p.Close()
	w.until(t, "every session's records to end", func() bool {
		for _, c := range w.clients {
			if !w.ended[c.ID] {
				return false
			}
		}
		return len(w.clients) == 3
	})
	want := "the client went on to initialize streamable HTTP, in session #" + strconv.Itoa(init.ID)
	probes := 0
	for _, c := range w.sessions() {
		if c == init {
			continue
		}
		probes++
		var ended string
		for _, r := range w.records(c.ID) {
			if r.State != nil && r.State.State == mcp.StateClosed {
				ended = r.State.Detail
			}
		}
		if !strings.Contains(ended, want) {
			t.Errorf("probe session %d ends saying %q, want it to say %q:\n%s", c.ID, ended, want, w.dump())
		}
	}
	if probes != 2 {
		t.Errorf("%d probe sessions shown, want 2:\n%s", probes, w.dump())
	}
}
