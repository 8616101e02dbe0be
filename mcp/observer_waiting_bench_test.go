package mcp

import (
	"errors"
	"strconv"
	"testing"
)

// BenchmarkObserverWaiting10k is the cost of asking whether one request
// still waits with 10,000 of a client's requests open (a client that
// never reads its answers): the proxy asks it as each answer ends.
func BenchmarkObserverWaiting10k(b *testing.B) {
	o := NewObserver(0, nil)
	go func() {
		for range o.Records() {
		}
	}()
	defer o.Close()
	var seqs []int64
	for i := range 10000 {
		seqs = append(seqs, o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":`+strconv.Itoa(i)+`,"method":"tools/list"}`), 1))
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if !o.Waiting(seqs[i%len(seqs)]) {
			b.Fatal("a request that waits is said not to")
		}
	}
}

// A client that sends an id again while its first request waits: only the
// newer request waits (the pairing answers it), and once answered none.
// The walk of open requests the Seq index replaced gave the same answers:
// what the index gives a user is only speed, which the benchmark above
// shows. This guards the index's own mistake: add leaving the older Seq
// mapped to the id, so the replaced request would be said to wait (it
// fails when add does not drop the id first).
func TestObserverWaitingIDUsedAgain(t *testing.T) {
	o := NewObserver(0, nil)
	go func() {
		for range o.Records() {
		}
	}()
	defer o.Close()
	first := o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":7,"method":"tools/list"}`), 1)
	second := o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":7,"method":"tools/list"}`), 1)
	if o.Waiting(first) || !o.Waiting(second) {
		t.Fatalf("id 7 sent twice: the first waits %v (want false), the second %v (want true)", o.Waiting(first), o.Waiting(second))
	}
	if !o.Fail(second, OpCancelled, errors.New("the client left")) || o.Waiting(second) {
		t.Fatal("the second request still waits after it failed")
	}
}
