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
	// The held client initializes well inside holdWait on any machine: a
	// loaded one taking longer than a second would let the other's lines
	// out before it, as they should be then.
	setFor(t, &holdWait, time.Minute)
	up := mcptest.NewStreamable(t, mcptest.StreamableOptions{GET: mcptest.GETNone, RejectModern: true})
	h := startHeadless(t, up.Endpoint(), proxyFlags{})
	earlyGet(t, h.run.base, "held-client")
	initializeVia(t, h.run.base, "other-client")
	// Unfixed, the other client's lines went out orderDelay after their
	// time, before the held session's; they now wait for it (up to
	// holdWait). There is nothing else to wait on: lines that are not
	// printed send no word.
	printed := time.After(4 * orderDelay)
	for !strings.Contains(h.errw.String(), "other-client") {
		select {
		case <-h.errw.changed():
			continue
		case <-printed:
		}
		break
	}
	initializeVia(t, h.run.base, "held-client")
	// Its answer is logged after it went out, and printed once its
	// record reaches the session's printer: the stop's lines, stamped
	// after the answer, wait for its line, or may go out before it.
	h.waitFor("held-client 1 · streamable ← initialize")
	h.stop()

	stamped := regexp.MustCompile(`^\d\d:\d\d:\d\d\.\d{3} #`)
	var last time.Time
	var lastLine string
	var sessions int
	for _, l := range strings.Split(h.errw.String(), "\n") {
		if !stamped.MatchString(l) {
			continue
		}
		if strings.Contains(l, "connected from") {
			sessions++
		}
		at, err := time.Parse(stampLayout, l[:len(stampLayout)])
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if lastLine != "" {
			if at = acrossMidnight(last, at); at.Before(last) {
				t.Errorf("%q printed after %q, stamped later", l, lastLine)
				continue
			}
		}
		last, lastLine = at, l
	}
	if sessions != 2 {
		t.Errorf("%d sessions connected, want the held one and the other:\n%s", sessions, h.errw.String())
	}
}

// stampLayout is the clock that begins each line the proxy prints.
const stampLayout = "15:04:05.000"

// acrossMidnight is at, a clock stamp read after last, moved by a day to
// within half a day of last: a test's lines span seconds, not hours, so a
// stamp half a day or more away is of the other side of midnight.
func acrossMidnight(last, at time.Time) time.Time {
	switch d := at.Sub(last); {
	case d <= -12*time.Hour:
		return at.Add(24 * time.Hour)
	case d >= 12*time.Hour:
		return at.Add(-24 * time.Hour)
	}
	return at
}

// Lines stamped just before and just after midnight are in the order of
// their times; lines a second apart the wrong way round are not.
func TestAcrossMidnightOrdersStamps(t *testing.T) {
	parse := func(s string) time.Time {
		at, err := time.Parse(stampLayout, s)
		if err != nil {
			t.Fatal(err)
		}
		return at
	}
	for _, c := range []struct {
		last, at string
		inOrder  bool
	}{
		{"23:59:59.990", "00:00:00.010", true},
		{"12:00:00.000", "12:00:00.000", true},
		{"12:00:01.000", "12:00:00.000", false},
		{"00:00:01.000", "23:59:59.000", false},
	} {
		last := parse(c.last)
		if got := !acrossMidnight(last, parse(c.at)).Before(last); got != c.inOrder {
			t.Errorf("%s printed after %s in order = %v, want %v", c.at, c.last, got, c.inOrder)
		}
	}
}

// A session held back longer than holdWait (a GET before initialize whose
// client never initializes) holds no other session's lines past it; one
// held less holds those stamped after it began until it is let out.
func TestHeldSessionHoldsLinesOnlyUpToHoldWait(t *testing.T) {
	w := &lineWriter{came: make(chan struct{}, 16)}
	now := time.Date(2026, 11, 26, 2, 0, 0, 0, time.UTC)
	o := startLineOrder(w, func() time.Time { return now }, lineQueue)
	defer o.close()
	o.hold(now.Add(-holdWait - time.Millisecond)) // never let out
	release := o.hold(now.Add(-holdWait / 2))
	o.add(now.Add(-holdWait/2+time.Millisecond), "#3 after the second held session began")
	o.add(now.Add(-holdWait/2-time.Millisecond), "#2 after the first held session began")
	o.start()
	came := func(what string) {
		t.Helper()
		select {
		case <-w.came:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s was not printed", what)
		}
	}
	came("a line held by a hold past holdWait")
	o.add(now.Add(-holdWait/2), "#1 + connected")
	release()
	came("the held session's line")
	came("the line that waited for it")
	want := []string{"#2 after the first held session began", "#1 + connected", "#3 after the second held session began"}
	w.mu.Lock()
	defer w.mu.Unlock()
	if strings.Join(w.lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("printed %q, want %q", w.lines, want)
	}
}
