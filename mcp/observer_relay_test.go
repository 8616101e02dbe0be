package mcp

import (
	"errors"
	"testing"
)

// FailConn ends the requests still waiting on one connection, as late
// answers wait for, and leaves the others; ServerText logs a JSON answer
// it is handed, paired with its request.
func TestObserverFailConnAndServerText(t *testing.T) {
	o := NewObserver(0, nil)
	var recs []Record
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range o.Records() {
			recs = append(recs, b...)
		}
	}()
	a := o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`), 1)
	b := o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`), 2)
	o.FailConn(1, OpStream, errors.New("the stream closed"))
	o.ServerText(`{"jsonrpc":"2.0","id":2,"result":{}}`, 2, b, nil)
	o.ServerText(`{"jsonrpc":"2.0","id":1,"result":{}}`, 1, a, nil)
	o.Close()
	waitClosed(t, done, "the end of the observer's records after Close")
	var failed []int64
	classes := map[string]Class{}
	for _, r := range recs {
		if r.Error != nil {
			failed = append(failed, r.Error.ReqSeq)
		}
		if r.Kind == KindReceived {
			classes[r.RPC.ID] = r.RPC.Class
		}
	}
	if len(failed) != 1 || failed[0] != a {
		t.Errorf("failed requests %v, want only %d, the one on connection 1", failed, a)
	}
	if classes["2"] != ClassResponse || classes["1"] != ClassLate {
		t.Errorf("answers classed %v, want 2 a response and 1 late", classes)
	}
}
