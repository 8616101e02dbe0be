package mcp

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// With as many questions waiting for the user as mcpscope holds, a
// roots/list, a ping and a method mcpscope does not know were refused as
// "already waiting", though nobody has to answer them: each is answered at
// once, roots from the list, and none is held against the bound.
func TestAnsweredAtOnceIsNotBoundByWaitingQuestions(t *testing.T) {
	ans := &blockingAnswerer{release: make(chan struct{})}
	defer close(ans.release)
	srv, s, rec := dial(t, mcptest.Options{}, Config{Answerer: ans, Roots: []Root{{URI: "file:///work/here"}}})
	defer s.Close()
	conn, err := srv.WaitConn(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for i := range maxAsking + 1 {
		if err := conn.Message(fmt.Sprintf(`{"jsonrpc":"2.0","id":"q%d","method":"elicitation/create","params":{"message":"?","requestedSchema":{"type":"object"}}}`, i)); err != nil {
			t.Fatal(err)
		}
	}
	rec.waitFor(t, "the limit error", func(r Record) bool { return r.Kind == KindError && r.Error.Cause == CauseFlooded })
	for _, tt := range []struct{ msg, want string }{
		{`{"jsonrpc":"2.0","id":"r1","method":"roots/list"}`, `{"jsonrpc":"2.0","id":"r1","result":{"roots":[{"uri":"file:///work/here"}]}}`},
		{`{"jsonrpc":"2.0","id":"p1","method":"ping"}`, `{"jsonrpc":"2.0","id":"p1","result":{}}`},
		{`{"jsonrpc":"2.0","id":"u1","method":"x/unknown"}`, `{"jsonrpc":"2.0","id":"u1","error":{"code":-32601,"message":"mcpscope does not implement x/unknown"}}`},
	} {
		if err := conn.Message(tt.msg); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.WaitPost(testCtx(t), func(p mcptest.Post) bool { return bytes.Equal(bytes.TrimSpace(p.Body), []byte(tt.want)) }); err != nil {
			t.Errorf("%s was not answered %s at once: %v", tt.msg, tt.want, err)
		}
	}
}
