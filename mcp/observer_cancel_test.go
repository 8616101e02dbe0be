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

// The client's notifications/cancelled ends the client's request it names,
// as a Session's own cancel ends its request: an error record of op
// cancelled for that request, after the cancellation, with the client's
// reason, so its row reads cancelled and an answer after is late. A
// cancellation naming nothing that waits (an answered request, an unknown
// id) ends nothing. Without it the request waited on until the session
// closed, and its row read closed.
func TestObserverClientCancelEndsTheClientsRequest(t *testing.T) {
	o := NewObserver(0, nil)
	rec := collectFrom(o.Records())
	call := o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow"}}`), 1)
	answered := o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":8,"method":"tools/list"}`), 1)
	o.ServerJSON([]byte(`{"jsonrpc":"2.0","id":8,"result":{"tools":[]}}`), 1, answered)
	note := o.ClientMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"ctrl+c"}}`), 1)
	o.ClientMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8}}`), 1)
	o.ClientMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}`), 1)
	o.ServerJSON([]byte(`{"jsonrpc":"2.0","id":7,"result":{"content":[]}}`), 1, call)
	o.Close()
	rec.waitEnd(t)
	var errs []ErrorInfo
	var late *RPCMessage
	for _, r := range rec.recs {
		if r.Kind == KindError {
			if r.Seq != note+1 {
				t.Errorf("the error record is Seq %d, want %d, right after the cancellation", r.Seq, note+1)
			}
			errs = append(errs, *r.Error)
		}
		if r.Kind == KindReceived && r.RPC.ID == "7" {
			late = r.RPC
		}
	}
	if len(errs) != 1 || errs[0].Op != OpCancelled || errs[0].Message != ClientCancelled+": ctrl+c" || errs[0].ReqSeq != call {
		t.Errorf("errors %+v, want only the tools/call's (%d) cancelled by the client with its reason", errs, call)
	}
	if late == nil || late.Class != ClassLate || late.ReqSeq != call {
		t.Errorf("the answer after the cancel is %+v, want late to %d", late, call)
	}
}

// The client's own notifications/cancelled names the client's request, as
// a cancellation should: it is not marked cancels_ours, the mark of a
// server's cancellation naming a request sent to it, which a recording
// read back as "the server said it cancelled request 1".
func TestObserverClientCancelIsNotMarkedAsTheServers(t *testing.T) {
	o := NewObserver(0, nil)
	rec := collectFrom(o.Records())
	o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"greet"}}`), 1)
	o.ClientMessage([]byte(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"ctrl+c"}}`), 1)
	o.Close()
	<-rec.done
	for _, r := range rec.all() {
		if r.RPC != nil && r.RPC.Method == "notifications/cancelled" && r.RPC.CancelsOurs != nil {
			t.Errorf("the client's cancel is marked cancels_ours %+v, want no mark", *r.RPC.CancelsOurs)
		}
	}
}
