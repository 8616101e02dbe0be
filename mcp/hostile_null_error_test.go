package mcp

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer whose only member besides id is "error": null (JSON-RPC 1.0's
// "no error", with the result left out) is said to be just that. It used to
// be read as an empty result and blamed on the JSON: "the tools/list result
// is not JSON: unexpected end of JSON input", of a body that is JSON, and
// its record said it did not fail, so the pairs showed it as ok.
func TestAnswerWithANullErrorAndNoResult(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"error":null}`)
	})
	s, rec := connect(t, Config{URL: srv.URL, RequestTimeout: 20 * time.Second, NoGetStream: true})
	_, _, err := s.ListTools(testCtx(t), false)
	if err == nil || !strings.Contains(err.Error(), `no "result", and its "error" is null`) || strings.Contains(err.Error(), "not JSON") {
		t.Errorf("tools/list answered {\"error\":null} = %v, want it said that the answer has no result and a null error", err)
	}
	s.Close()
	rec.waitEnd(t)
	for _, r := range rec.of(KindReceived) {
		if r.RPC.Method == "tools/list" && !r.RPC.RPCError {
			t.Errorf("the answer's record says it did not fail: the pairs would show it as ok")
		}
	}
}
