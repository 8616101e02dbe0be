package mcp

import "testing"

// TestRecentForgetsTheOldestAndFindsTheNewest: past recentKept values the
// oldest is forgotten, and of two matches the newer is found, as the
// pairing needs for a client that uses an id again.
func TestRecentForgetsTheOldestAndFindsTheNewest(t *testing.T) {
	var r recent[answeredID]
	r.add(answeredID{id: "first", seq: 1})
	for i := range recentKept - 1 {
		r.add(answeredID{id: "x", seq: int64(i + 2)})
	}
	if a, ok := r.newest(func(a answeredID) bool { return a.id == "first" }); !ok || a.seq != 1 {
		t.Fatalf("newest(first) with the ring just full = %v, %v, want seq 1, true", a, ok)
	}
	if a, _ := r.newest(func(a answeredID) bool { return a.id == "x" }); a.seq != recentKept {
		t.Errorf("newest(x) = seq %d, want the newest, %d", a.seq, recentKept)
	}
	r.add(answeredID{id: "y", seq: 999})
	if a, ok := r.newest(func(a answeredID) bool { return a.id == "first" }); ok {
		t.Errorf("newest(first) after one more = %v, want it forgotten", a)
	}
}
