package mcp

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

// drained is an Observer whose records are read and dropped.
func drained(t *testing.T) *Observer {
	o := NewObserver(0, nil)
	go func() {
		for range o.Records() {
		}
	}()
	t.Cleanup(o.Close)
	return o
}

// A failed batch ends its own requests still waiting, in the order they
// were sent, and no other: requests sent alone between its parts' answers
// wait on, and a batch answered whole leaves nothing behind in the pairing.
func TestFailBatchEndsOnlyItsOwn(t *testing.T) {
	o := drained(t)
	alone := o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":"a","method":"tools/list"}`), 1)
	batch := o.ClientMessage([]byte(`[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"ping"}]`), 1)
	o.ServerJSON([]byte(`{"jsonrpc":"2.0","id":2,"result":{}}`), 1, batch)
	if n := o.FailBatch(batch, OpPost, errors.New("refused")); n != 2 {
		t.Fatalf("a batch of 3 with one answered failed %d requests, want 2", n)
	}
	if !o.Waiting(alone) {
		t.Error("a request sent alone stopped waiting when another POST's batch failed")
	}
	if n := o.FailBatch(batch, OpPost, errors.New("refused")); n != 0 {
		t.Errorf("a batch failed again failed %d requests, want none", n)
	}
	answered := o.ClientMessage([]byte(`[{"jsonrpc":"2.0","id":4,"method":"ping"},{"jsonrpc":"2.0","id":5,"method":"ping"}]`), 1)
	o.ServerJSON([]byte(`[{"jsonrpc":"2.0","id":5,"result":{}},{"jsonrpc":"2.0","id":4,"result":{}}]`), 1, answered)
	o.mu.Lock()
	left := len(o.client.batches)
	o.mu.Unlock()
	if left != 0 {
		t.Errorf("batches answered or failed whole leave %d behind in the pairing, want none", left)
	}
}

// Failing a batch costs what the batch holds, not what waits: a proxy asks
// it of every POST that carried no request alone (each notification a
// client sends), and a client with 20,000 requests unanswered made each
// walk them all. Timed against the same with 100 waiting, with room for a
// loaded machine: the walk was a thousand times slower.
func TestFailBatchCostsItsOwnSize(t *testing.T) {
	cost := func(waiting int) time.Duration {
		o := drained(t)
		var msg strings.Builder
		for i := range waiting {
			msg.Reset()
			msg.WriteString(`{"jsonrpc":"2.0","id":` + strconv.Itoa(i) + `,"method":"tools/list"}`)
			o.ClientMessage([]byte(msg.String()), 1)
		}
		const rounds = 50
		note := o.ClientMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), 1)
		best := time.Duration(1 << 62)
		for range 5 {
			start := time.Now()
			for range rounds {
				o.FailBatch(note, OpPost, errors.New("refused"))
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	few, many := cost(100), cost(20_000)
	if many > 20*few+time.Millisecond {
		t.Errorf("failing a message that carried no batch took %v with 20,000 requests waiting, %v with 100: it walks what waits", many, few)
	}
}
