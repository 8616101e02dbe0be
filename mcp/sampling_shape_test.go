package mcp

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A sampling/createMessage whose messages are no array has no conversation
// to reply to, yet was put to the user as "reply to  —": it is refused at
// once with -32602, saying what its messages are, and never put to the
// user; one with an array of messages still is.
func TestSamplingWithMessagesNotAnArrayIsInvalidParams(t *testing.T) {
	ans := &countingAnswerer{}
	srv, s, _ := dial(t, mcptest.Options{}, Config{Answerer: ans})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ id, params, want string }{
		{"s1", `{"messages":"hello","maxTokens":5}`, "its messages are a string, not an array of messages to reply to"},
		{"s2", `{"messages":{"role":"user"},"maxTokens":5}`, "its messages are an object, not an array"},
		{"s3", `{"messages":null,"maxTokens":5}`, "its messages are null, not an array"},
		{"s4", `{"maxTokens":5}`, "it has no messages to reply to"},
	} {
		if err := conn.Message(`{"jsonrpc":"2.0","id":"` + tt.id + `","method":"sampling/createMessage","params":` + tt.params + `}`); err != nil {
			t.Fatal(err)
		}
		post, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return bytes.Contains(p.Body, []byte(`"id":"`+tt.id+`",`)) })
		if err != nil {
			t.Fatalf("%s: no reply: %v", tt.params, err)
		}
		var reply struct {
			Error *RPCError `json:"error"`
		}
		if err := json.Unmarshal(post.Body, &reply); err != nil || reply.Error == nil || reply.Error.Code != CodeInvalidParams ||
			!strings.Contains(reply.Error.Message, "mcpscope cannot answer sampling/createMessage: "+tt.want) {
			t.Errorf("%s: reply %s, want -32602 saying %q", tt.params, post.Body, tt.want)
		}
	}
	if n := ans.asked.Load(); n != 0 {
		t.Errorf("the user was asked %d times, want none", n)
	}
	if err := conn.Message(`{"jsonrpc":"2.0","id":"ok","method":"sampling/createMessage","params":{"messages":[{"role":"user","content":{"type":"text","text":"hi"}}],"maxTokens":5}}`); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return bytes.Contains(p.Body, []byte(`"id":"ok","result"`)) }); err != nil {
		t.Fatalf("a sampling with its messages was not answered: %v", err)
	}
	if n := ans.asked.Load(); n != 1 {
		t.Errorf("the user was asked %d times, want once, for the sampling with messages", n)
	}
}
