package mcp

import (
	"strings"
	"testing"
)

// The observer pairs a proxied client's requests with the server's answers
// and the server's requests with the client's replies, and hands every
// block of a stream to the relay, in order, before it is logged.
func TestObserverPairsBothWays(t *testing.T) {
	o := NewObserver(0, nil)
	rec := collectFrom(o.Records())
	req := o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":"a-1","method":"tools/call","params":{"name":"greet"}}`), 1)
	stream := "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}\n\n: keepalive\n\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"a-1\",\"result\":{}}\n\n"
	var relayed strings.Builder
	if err := o.ServerEvents(strings.NewReader(stream), StreamResponse, 1, req, nil, func(ev *SSEEvent) error {
		relayed.WriteString(string(ev.Raw))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	o.ClientMessage([]byte(`{"jsonrpc":"2.0","id":7,"result":{}}`), 1)
	o.ServerJSON([]byte(`{"jsonrpc":"2.0","id":"nobody","result":{}}`), 1, 0)
	o.Close()
	rec.waitEnd(t)
	if relayed.String() != stream {
		t.Errorf("relayed %q, want every byte of the stream", relayed.String())
	}
	var answer, reply, foreign *RPCMessage
	for _, r := range rec.recs {
		if r.RPC == nil {
			continue
		}
		switch r.RPC.Class {
		case ClassResponse:
			answer = r.RPC
		case ClassReply:
			reply = r.RPC
		case ClassForeign:
			foreign = r.RPC
		}
	}
	if answer == nil || answer.ReqSeq != req || answer.Tool != "greet" || answer.Stream != StreamResponse {
		t.Errorf("answer %+v, want it paired with the client's request %d", answer, req)
	}
	if reply == nil || reply.ReqSeq == 0 || reply.Method != "ping" {
		t.Errorf("reply %+v, want it paired with the server's ping", reply)
	}
	if foreign == nil || foreign.ID != `"nobody"` {
		t.Errorf("foreign %+v, want the answer nobody asked for", foreign)
	}
}
