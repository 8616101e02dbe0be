package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A session held back until it is worth a recording (a GET before
// initialize, let out once its client initializes) prints its lines in
// the order of their times with the other sessions': its "connected" line
// goes before the lines of a client that came after it, not once it is
// let out, after them.
func TestHeldSessionLinesKeepTheOrderOfTheirTimes(t *testing.T) {
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	h := startHeadless(t, up.Endpoint(), proxyFlags{})
	earlyGet(t, h.run.base, "held-client")
	initializeVia(t, h.run.base, "other-client")
	// Unfixed, the other client's lines went out orderDelay after their
	// time, before the held session's; they now wait for it (up to
	// holdWait). The wait is bounded well inside holdWait, and there is
	// nothing else to wait on: lines that are not printed send no word.
	printed := time.After(holdWait / 3)
	for !strings.Contains(h.errw.String(), "other-client") {
		select {
		case <-h.errw.changed():
			continue
		case <-printed:
		}
		break
	}
	initializeVia(t, h.run.base, "held-client")
	h.stop()

	stamped := regexp.MustCompile(`^\d\d:\d\d:\d\d\.\d{3} #`)
	var last, lastLine string
	var sessions int
	for _, l := range strings.Split(h.errw.String(), "\n") {
		if !stamped.MatchString(l) {
			continue
		}
		if strings.Contains(l, "connected from") {
			sessions++
		}
		if at := l[:len("15:04:05.000")]; at < last {
			t.Errorf("%q printed after %q, stamped later", l, lastLine)
		} else {
			last, lastLine = at, l
		}
	}
	if sessions != 2 {
		t.Errorf("%d sessions connected, want the held one and the other:\n%s", sessions, h.errw.String())
	}
}
