package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Our refusals of a server's question began "mcpscope refused X:" or
// "mcpscope cannot answer X:" where RefusalReason knew only "mcpscope
// could not answer X:", so exec said "refused the server's
// sampling/createMessage: mcpscope refused sampling/createMessage: 64
// questions…" on every refused question of a flood. Each refusal opens
// the one way, and its reason reads alone.
func TestRefusalsOpenTheOneWay(t *testing.T) {
	ans := &blockingAnswerer{release: make(chan struct{})}
	defer close(ans.release)
	srv, s, _ := dial(t, mcptest.Options{}, Config{Answerer: ans})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for i := range maxAsking + 1 {
		if err := conn.Message(fmt.Sprintf(`{"jsonrpc":"2.0","id":"q%d","method":"sampling/createMessage","params":{"messages":[],"maxTokens":1}}`, i)); err != nil {
			t.Fatal(err)
		}
	}
	for _, msg := range []string{
		`{"jsonrpc":"2.0","id":"arr","method":"elicitation/create","params":[1]}`,
		`{"jsonrpc":"2.0","id":"url","method":"elicitation/create","params":{"mode":"url","message":"go"}}`,
	} {
		if err := conn.Message(msg); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ id, method, want string }{
		{fmt.Sprintf(`"q%d"`, maxAsking), "sampling/createMessage", fmt.Sprintf("%d questions of this server are already waiting for an answer", maxAsking)},
		{`"arr"`, "elicitation/create", "an array"},
		{`"url"`, "elicitation/create", "names none"},
	} {
		p, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool {
			return bytes.Contains(p.Body, []byte(`"id":`+tt.id+`,"error"`))
		})
		if err != nil {
			t.Fatalf("no refusal of %s: %v", tt.id, err)
		}
		var m struct {
			Error struct{ Message string } `json:"error"`
		}
		if err := json.Unmarshal(p.Body, &m); err != nil {
			t.Fatal(err)
		}
		reason := RefusalReason(tt.method, m.Error.Message)
		if strings.Contains(reason, "mcpscope") || !strings.Contains(reason, tt.want) {
			t.Errorf("the refusal of %s %q has reason %q, want it alone, saying %q", tt.id, m.Error.Message, reason, tt.want)
		}
	}
}
