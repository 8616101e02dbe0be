package main

import (
	"fmt"
	"testing"
)

// A redirect line is said once while it is among the last maxRecentLines,
// and the memory of them stays that size however many distinct ones come.
func TestRecentLinesAreBounded(t *testing.T) {
	var r recentLines
	if !r.first("a") || r.first("a") {
		t.Fatal("a line given twice in a row was not said exactly once")
	}
	for i := range 10 * maxRecentLines {
		if !r.first(fmt.Sprintf("line %d", i)) {
			t.Fatalf("line %d, new, was taken for one said already", i)
		}
		if len(r.seen) > maxRecentLines || len(r.order) > maxRecentLines {
			t.Fatalf("after %d distinct lines %d are remembered, want at most %d", i+2, len(r.seen), maxRecentLines)
		}
	}
	last := fmt.Sprintf("line %d", 10*maxRecentLines-1)
	if r.first(last) {
		t.Errorf("%q, the last line said, was said again", last)
	}
	if !r.first("a") {
		t.Error(`"a", said before the last maxRecentLines, is still taken for one said already`)
	}
}
