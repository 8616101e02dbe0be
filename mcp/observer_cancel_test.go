package mcp

import "testing"

// A server's notifications/cancelled names the client's request in
// flight (cancels_ours) only when no request of the server's waits under
// that id: a cancellation of its own question is its own, as a Session
// reads it; one naming an id nothing waits on names nothing.
func TestObserverCancelNamesTheClientsRequestOnlyWhenNoneOfTheServersHasTheID(t *testing.T) {
	o := NewObserver(0, nil)
	rec := collectFrom(o.Records())
	call := o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"greet"}}`), 1)
	o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`), 1)
	o.ServerJSON([]byte(`{"jsonrpc":"2.0","id":2,"method":"elicitation/create","params":{}}`), 1, 0)
	for _, id := range []string{"1", "2", "3"} {
		o.ServerJSON([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":`+id+`}}`), 1, 0)
	}
	o.Close()
	rec.waitEnd(t)
	var got []*OurRequest
	for _, r := range rec.recs {
		if r.RPC != nil && r.RPC.Method == "notifications/cancelled" {
			got = append(got, r.RPC.CancelsOurs)
		}
	}
	if len(got) != 3 || got[0] == nil || *got[0] != (OurRequest{Seq: call, What: "tools/call greet"}) || got[1] != nil || got[2] != nil {
		t.Errorf("the cancellations name %+v, want the client's tools/call greet (%d), then none (the server's own elicitation), then none", got, call)
	}
}

// The client's own notifications/cancelled, naming its request in flight,
// is the ordinary cancellation: the recording marks no cancels_ours on it,
// which says the server named a request the client sent.
func TestObserverClientCancellingItsOwnRequestIsNoCancelsOurs(t *testing.T) {
	o := NewObserver(0, nil)
	rec := collectFrom(o.Records())
	o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"greet"}}`), 1)
	o.ClientMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`), 1)
	o.Close()
	rec.waitEnd(t)
	for _, r := range rec.recs {
		if r.RPC != nil && r.RPC.Method == "notifications/cancelled" && r.RPC.CancelsOurs != nil {
			t.Errorf("the client's cancellation of its own request is recorded as cancels_ours %+v", *r.RPC.CancelsOurs)
		}
	}
}
