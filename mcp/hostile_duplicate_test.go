package mcp

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A second answer to a request answered already is recorded as that, with
// the request it repeats, not as an answer to an id mcpscope never sent; the
// first answer stays the one the caller got.
func TestSecondAnswerIsADuplicate(t *testing.T) {
	_, s, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		first := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"tools":[]}}`, x.ID)
		again := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"second","inputSchema":{"type":"object"}}]}}`, x.ID)
		x.Status(http.StatusOK, "text/event-stream", "data: "+first+"\n\ndata: "+again+"\n\n")
	})}, Config{})
	tools, _, err := s.ListTools(testCtx(t), false)
	if err != nil || len(tools) != 0 {
		t.Fatalf("tools/list = %v, %v; want the first answer (no tools)", tools, err)
	}
	first := rec.waitFor(t, "the first answer", func(r Record) bool {
		return r.Kind == KindReceived && r.RPC.Class == ClassResponse && r.RPC.Method == "tools/list"
	})
	again := rec.waitFor(t, "the second answer", func(r Record) bool {
		return r.Kind == KindReceived && strings.Contains(string(r.RPC.Raw), "second")
	})
	if again.RPC.Class != ClassDuplicate || again.RPC.ReqSeq != first.RPC.ReqSeq {
		t.Errorf("the second answer is class %q for request %d, want %q for request %d", again.RPC.Class, again.RPC.ReqSeq, ClassDuplicate, first.RPC.ReqSeq)
	}
}
