package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// countingAnswerer counts the questions put to the user.
type countingAnswerer struct{ asked atomic.Int32 }

func (a *countingAnswerer) Answer(context.Context, InputRequest) (json.RawMessage, error) {
	a.asked.Add(1)
	return json.RawMessage(`{"action":"decline"}`), nil
}

// An elicitation or sampling request whose params are not an object asks
// nothing a person could answer: it is refused at once with -32602 and the
// id back exactly, and never put to the user.
func TestServerRequestWithParamsNotAnObjectIsInvalidParams(t *testing.T) {
	ans := &countingAnswerer{}
	srv, s, _ := dial(t, mcptest.Options{}, Config{Answerer: ans})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":"e5","method":"elicitation/create","params":5}`,
		`{"jsonrpc":"2.0","id":"snull","method":"sampling/createMessage","params":null}`,
		`{"jsonrpc":"2.0","id":"enone","method":"elicitation/create"}`,
		`{"jsonrpc":"2.0","id":"sarr","method":"sampling/createMessage","params":[{"role":"user"}]}`,
	} {
		var req struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal([]byte(m), &req)
		if err := conn.Message(m); err != nil {
			t.Fatal(err)
		}
		post, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return bytes.Contains(p.Body, []byte(`"id":`+string(req.ID)+`,`)) })
		if err != nil {
			t.Fatalf("%s: no reply: %v", m, err)
		}
		var reply struct {
			ID    json.RawMessage `json:"id"`
			Error *struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal(post.Body, &reply); err != nil || string(reply.ID) != string(req.ID) || reply.Error == nil || reply.Error.Code != CodeInvalidParams {
			t.Errorf("%s: reply %s, want error -32602 with id %s", m, post.Body, req.ID)
		}
	}
	if n := ans.asked.Load(); n != 0 {
		t.Errorf("the user was asked %d times, want none", n)
	}
}
