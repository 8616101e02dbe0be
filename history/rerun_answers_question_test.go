package history

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// The same question asked again in other words of JSON (members in
// another order, another _meta) takes the answer given to it; malformed
// params are compared as they are, and a recording whose reply names no
// question it can find answers any question of the method, as before.
func TestRecordedAnswerMatchesTheQuestion(t *testing.T) {
	asked := `{"message":"Deploy?","requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean"}}},"_meta":{"progressToken":1}}`
	recs := []mcp.Record{
		{Seq: 1, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Class: mcp.ClassServerRequest, ID: "1", Method: "elicitation/create",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":` + asked + `}`)}},
		{Seq: 2, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Class: mcp.ClassReply, ID: "1", Method: "elicitation/create", ReqSeq: 1,
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"ok":true}}}`)}},
		{Seq: 4, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Class: mcp.ClassServerRequest, ID: "3", Method: "elicitation/create",
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"mode":"url","message":"Sign in","url":"https://h/auth?s=1","elicitationId":"e1"}}`)}},
		{Seq: 5, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Class: mcp.ClassReply, ID: "3", Method: "elicitation/create", ReqSeq: 4,
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":3,"result":{"action":"accept"}}`)}},
		{Seq: 3, Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Class: mcp.ClassReply, ID: "2", Method: "sampling/createMessage", ReqSeq: 99,
			Raw: mcp.Raw(`{"jsonrpc":"2.0","id":2,"result":{"role":"assistant"}}`)}},
	}
	a := openRecorded(t, recs).Answers()
	ctx := context.Background()
	if _, err := a.Answer(ctx, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(`{"message":"Deploy?","requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean"}}},"extra":1}`)}); !errors.Is(err, mcp.ErrNoAnswer) {
		t.Errorf("a question with another member got %v, want no answer", err)
	}
	if _, err := a.Answer(ctx, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(`not json`)}); !errors.Is(err, mcp.ErrNoAnswer) {
		t.Errorf("params that are not JSON got %v, want no answer", err)
	}
	res, err := a.Answer(ctx, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(`{"_meta":{"progressToken":"x"},"requestedSchema":{"properties":{"ok":{"type":"boolean"}},"type":"object"},"message":"Deploy?"}`)})
	if err != nil || string(res) != `{"action":"accept","content":{"ok":true}}` {
		t.Errorf("the same question reordered got %s, %v; want the recorded answer", res, err)
	}
	if _, err := a.Answer(ctx, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(asked)}); !errors.Is(err, mcp.ErrNoAnswer) {
		t.Errorf("a question asked more often than recorded got %v, want no answer", err)
	}
	// A URL-mode elicitation names a new id and URL each time it asks.
	if res, err := a.Answer(ctx, mcp.InputRequest{Method: "elicitation/create", Params: json.RawMessage(`{"mode":"url","message":"Sign in","url":"https://h/auth?s=2","elicitationId":"e2"}`)}); err != nil || string(res) != `{"action":"accept"}` {
		t.Errorf("the same URL-mode question with a new id got %s, %v; want the recorded answer", res, err)
	}
	if res, err := a.Answer(ctx, mcp.InputRequest{Method: "sampling/createMessage", Params: json.RawMessage(`{"messages":[]}`)}); err != nil || string(res) != `{"role":"assistant"}` {
		t.Errorf("an answer whose question is not in the recording got %s, %v; want it given", res, err)
	}
}
