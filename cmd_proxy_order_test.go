package main

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// lineWriter keeps what is printed and says when a line came.
type lineWriter struct {
	mu    sync.Mutex
	lines []string
	came  chan struct{}
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.lines = append(w.lines, strings.TrimSuffix(string(p), "\n"))
	w.mu.Unlock()
	w.came <- struct{}{}
	return len(p), nil
}

// Headless lines from several sessions reach the printer a little out of
// order (each session's printer runs on its own, and an answer is logged
// just after it was relayed): they go out in the order of their times. A
// line waits until the lines stamped before it had orderDelay to come;
// the banner goes first, and stopping prints what still waits.
func TestHeadlessLinesGoOutInTheOrderOfTheirTimes(t *testing.T) {
	w := &lineWriter{came: make(chan struct{}, 16)}
	now := time.Date(2026, 11, 26, 2, 0, 0, 0, time.UTC)
	o := startLineOrder(w, func() time.Time { return now }, lineQueue)
	o.add(now.Add(-10*time.Millisecond), "#1 ← initialize")
	o.add(now.Add(-20*time.Millisecond), "#2 → tools/list")
	o.add(now.Add(-time.Second), "#1 + connected")
	o.start()
	select {
	case <-w.came:
	case <-time.After(10 * time.Second):
		t.Fatal("a line older than orderDelay was not printed")
	}
	o.add(now.Add(-5*time.Millisecond), "#1 → notifications/initialized")
	o.close()
	want := []string{"#1 + connected", "#2 → tools/list", "#1 ← initialize", "#1 → notifications/initialized"}
	if strings.Join(w.lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("printed %q, want %q", w.lines, want)
	}
	o.add(now, "after the end")
	if got := w.lines[len(w.lines)-1]; got != "after the end" {
		t.Errorf("a line after close printed as %q, want it printed at once", got)
	}
}
