package main

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// stuckWriter is a stderr that takes nothing until released.
type stuckWriter struct {
	entered chan struct{} // a write began
	release chan struct{} // closed: writes go through
	mu      sync.Mutex
	lines   []string
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	select {
	case w.entered <- struct{}{}:
	default:
	}
	<-w.release
	w.mu.Lock()
	w.lines = append(w.lines, strings.TrimSuffix(string(p), "\n"))
	w.mu.Unlock()
	return len(p), nil
}

// A stderr that takes nothing never holds up the sessions handing lines
// to the headless printer (and, behind them, the relay): lines past the
// queue are dropped, and a line says how many, so none goes missing
// without a word.
func TestBlockedStderrDropsLinesAndSaysSo(t *testing.T) {
	w := &stuckWriter{entered: make(chan struct{}, 1), release: make(chan struct{})}
	now := time.Date(2026, 11, 26, 2, 0, 0, 0, time.UTC)
	o := startLineOrder(w, func() time.Time { return now }, 2)
	o.start()
	o.add(now.Add(-time.Second), "line 0")
	select {
	case <-w.entered:
	case <-time.After(10 * time.Second):
		t.Fatal("the first line never reached stderr")
	}
	const total = 50
	added := make(chan struct{})
	go func() {
		defer close(added)
		for i := 1; i < total; i++ {
			o.add(now.Add(-time.Second), fmt.Sprintf("line %d", i))
		}
	}()
	select {
	case <-added:
	case <-time.After(10 * time.Second):
		t.Fatal("adding lines blocked on a stderr that takes nothing")
	}
	// Nothing signals that the printer handed on what it holds: it shows
	// as the held lines running out, so this polls, bounded.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		o.mu.Lock()
		held := o.lines.Len()
		o.mu.Unlock()
		if held == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the printer still holds %d lines", held)
		}
	}
	close(w.release)
	o.close()
	printed, dropped := 0, 0
	for _, l := range w.lines {
		var n int
		if _, err := fmt.Sscanf(l, "mcpscope: %d lines dropped", &n); err == nil {
			dropped += n
			continue
		}
		printed++
	}
	if dropped == 0 || printed+dropped != total {
		t.Errorf("printed %d lines and said %d were dropped, want some dropped and %d in all:\n%s", printed, dropped, total, strings.Join(w.lines, "\n"))
	}
}
