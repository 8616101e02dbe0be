package mcp

import (
	"runtime"
	"testing"
	"weak"
)

// The ids pairing keeps to tell a duplicate answer are copies: an id taken
// as a view of an answer's bytes must not keep the answer (a proxy relaying
// 20 MB answers held the last 256 of them), and a foreign answer's id and
// event name are copied alike.
func TestKeptIDsDoNotHoldTheirMessages(t *testing.T) {
	answer := make([]byte, 8<<20)
	copy(answer, `{"id":"abc"}`)
	gone := weak.Make(&answer[0])
	pr := newPairing()
	pr.add("\"abc\"", &pending{seq: 7})
	id := stringOf(answer[6:11])
	if _, _, class := pr.take(id); class != ClassResponse {
		t.Fatalf("take = %s, want a response", class)
	}
	s := NewSession(Config{URL: "http://127.0.0.1:1/sse"})
	defer s.Close()
	s.mu.Lock()
	s.rememberForeign(foreignAnswer{seq: 9, id: stringOf(answer[6:11]), event: stringOf(answer[1:3])})
	s.mu.Unlock()
	answer = nil
	runtime.GC()
	if gone.Value() != nil {
		t.Errorf("the 8 MiB answer is still held after its id was kept")
	}
	if _, seq, class := pr.take(`"abc"`); class != ClassDuplicate || seq != 7 {
		t.Errorf("a second answer: %s (seq %d), want a duplicate of 7", class, seq)
	}
}
