package proxy

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// Two alike clients probe, each on its own connection, and an initialize
// comes on a third while both wait: neither probe is joined (nothing on
// the wire says whose it is), and once the window passes each ends saying
// its client may have gone on in the initialize's session. Each showed as
// a stateless client of its own instead, "open stateless: every request
// stands alone" and then "left": a client that never was.
func TestUnjoinedAlikeProbesSayWhereTheirClientWent(t *testing.T) {
	p, base, w := startProxy(t, eraUpstream(t), Config{})
	// The window must outlast the three requests on a loaded machine
	// (100 ms did not, a probe's relay stalled as long): the probes end
	// only once it passes, so the test waits it out once.
	p.earlyWait = time.Second
	probes := connClient(t)
	twinProbe(t, probes, base, 100)
	twinProbe(t, connClient(t), base, 200)
	twinInit(t, connClient(t), base, 301)
	w.until(t, "both probes to end", func() bool {
		n := 0
		for _, c := range w.clients {
			if c.Transport == mcp.TransportStateless && w.ended[c.ID] {
				n++
			}
		}
		return n == 2
	})
	var init *Client
	for _, c := range w.sessions() {
		if c.Transport == mcp.TransportStreamable {
			init = c
		}
	}
	if init == nil {
		t.Fatalf("no streamable session:\n%s", w.dump())
	}
	want := "the client went on to initialize streamable HTTP, in session #" + strconv.Itoa(init.ID)
	for _, c := range w.sessions() {
		if c == init {
			continue
		}
		var ended string
		for _, r := range w.records(c.ID) {
			if r.State == nil {
				continue
			}
			if r.State.State == mcp.StateOpen {
				t.Errorf("probe session %d says it is open (%q), as a stateless client's would", c.ID, r.State.Detail)
			}
			ended = r.State.Detail
		}
		if !strings.Contains(ended, want) {
			t.Errorf("probe session %d ends saying %q, want it to say %q:\n%s", c.ID, ended, want, w.dump())
		}
	}
}

// A probe that a burst of alike clients' initializes may have gone on
// from names the first few sessions and how many in all, in a line that
// fits, where it listed every one.
func TestWentToOneOfNamesAFew(t *testing.T) {
	got := wentToOneOf([]int{5, 6, 7, 8, 9, 10})
	if want := "in one of sessions #5, #6, #7, #8, … (6 sessions in all):"; !strings.Contains(got, want) || strings.Contains(got, "#9") {
		t.Errorf("six sessions are said as %q, want %q", got, want)
	}
	if got := wentToOneOf([]int{3}); !strings.Contains(got, "in session #3:") {
		t.Errorf("one session is said as %q, want it named alone", got)
	}
}
